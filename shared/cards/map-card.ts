/**
 * Maps a parsed character card to our chatbot fields (docs/formats.md §1, §2, §5). The shape is read
 * from the file itself: `spec` chara_card_v3 or chara_card_v2 (the `data` copy wins; stale V1 copies at
 * the root are only a fallback), Pygmalion's `char_name`, else a root `name` with `first_mes` or
 * `mes_example` (flat V1, or V2 without its wrapper). Everything we have no field for is kept in extras.
 *
 * Field by field, what happens to input beyond our limits (characters counted as the editor counts them):
 * - name: trimmed; missing or longer than the limit is refused (it identifies the chatbot); too short
 *   is a warning the editor then asks about.
 * - persona: `description`, then a newline and `personality` (most cards keep the character in
 *   `description`; Agnai joins them the same way); longer than the limit is refused, since cutting a
 *   definition silently changes the character.
 * - greeting (`first_mes`), scenario: longer than the limit is refused, for the same reason.
 * - dialogue (`mes_example`): examples are samples, so whole trailing `<START>` blocks are cut with a
 *   warning; refused only when the first block alone is too long. A lone `<START>` counts as empty.
 * - tags: trimmed, empty and repeated ones dropped; a tag too long or with invisible characters is
 *   dropped with a warning; beyond the tag limit the rest are dropped with a warning. NSFW and
 *   Step-Family are recognised in any case and make the chatbot NSFW.
 * - title: cards have none; ours travels in `extensions["charchat/title"]` (cut to the limit).
 * - `<BOT>` and `<USER>` become `{{char}}` and `{{user}}`, the macros our prompts fill.
 * - any text that cannot be stored (NUL, broken Unicode) anywhere in the card is refused naming it, and
 *   so is JSON nested more than `cardMaxDepth` levels deep or holding a `__proto__` key.
 */
import { characterLimits, specialTags, TagNameSchema, tagsMakeNsfw } from '../rules/character';
import { unstorableTextPath } from '../rules/storable-text';
import { CardError } from './card-error';
import {
  cardExtrasMaxChars,
  CardExtrasSchema,
  cardMaxDepth,
  unsafeJsonPath,
  titleExtensionKey,
  type CardExtras,
  type CardShape,
  type CardWarning,
  type ImportedCharacter,
} from './card-schemas';

/** A card read from a file: our fields, the data kept for export, and what changed on the way. */
export interface CardImport {
  shape: CardShape;
  character: ImportedCharacter;
  extras: CardExtras;
  warnings: CardWarning[];
}

type JsonObject = Record<string, unknown>;

/** The V1 fields (also the stale root copies of hybrid exports). */
const v1Fields = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
] as const;
type V1Field = (typeof v1Fields)[number];
const v1FieldSet: ReadonlySet<string> = new Set(v1Fields);

/** Keys of a V2/V3 `data` object besides the V1 fields and tags. */
const dataOnlyKeys = new Set([
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'character_book',
  'creator',
  'character_version',
  'extensions',
  'group_only_greetings',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'assets',
  'creation_date',
  'modification_date',
]);

/** Pygmalion/Gradio field names → the V1 field each holds. */
const gradioFields: Record<string, V1Field> = {
  char_name: 'name',
  char_persona: 'description',
  char_greeting: 'first_mes',
  world_scenario: 'scenario',
  example_dialogue: 'mes_example',
};

const placeholderNotes = "Creator's notes go here.";

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** One field's value and the card path it came from. */
interface Located {
  value: unknown;
  path: string;
}

/** Where each of our source fields is read, per shape. */
interface Classified {
  shape: CardShape;
  read: (field: V1Field | 'tags') => Located;
  data: JsonObject;
  root: JsonObject;
}

function isLorebook(card: JsonObject): boolean {
  return (
    card.spec === 'lorebook_v3' ||
    card.kind === 'memory' ||
    card.type === 'risu' ||
    'lorebookVersion' in card ||
    (isObject(card.entries) && !('name' in card && 'first_mes' in card)) ||
    (Array.isArray(card.entries) && !('name' in card && 'first_mes' in card))
  );
}

function classify(card: JsonObject): Classified {
  const spec = card.spec;
  if (spec === 'chara_card_v3' || spec === 'chara_card_v2') {
    const data = card.data;
    if (!isObject(data)) {
      throw new CardError('data', `This ${spec} card has no data object.`);
    }
    const wrapperKeys = new Set(['spec', 'spec_version', 'data', 'tags']);
    const root = pick(card, (key) => !wrapperKeys.has(key) && !v1FieldSet.has(key));
    return {
      shape: spec === 'chara_card_v3' ? 'v3' : 'v2',
      // `data` wins; a root copy (hybrid exports) is read only when `data` lacks the field.
      read: (field) =>
        data[field] === undefined || data[field] === null
          ? { value: card[field], path: field }
          : { value: data[field], path: `data.${field}` },
      data: pick(data, (key) => key !== 'tags' && !v1FieldSet.has(key)),
      root,
    };
  }
  if (typeof spec === 'string' && spec.startsWith('chara_card_')) {
    throw new CardError(
      'spec',
      `This card's format (${spec}) is not one we read: use V1, V2 or V3.`,
    );
  }
  if (card.kind === 'character') {
    throw new CardError(
      'kind',
      "Agnai's own character format is not read: export a V2 card from it.",
    );
  }
  if ('char_name' in card) {
    const byField = Object.fromEntries(
      Object.entries(gradioFields).map(([from, to]) => [to, from]),
    );
    return {
      shape: 'gradio',
      read: (field) => {
        const from = byField[field] ?? field;
        const value = card[from];
        // Pygmalion examples speak as a literal "You:" where cards write {{user}}.
        return {
          value:
            field === 'mes_example' && typeof value === 'string'
              ? value.replace(/^You:/gm, '{{user}}:')
              : value,
          path: from,
        };
      },
      data: {},
      root: pick(card, (key) => !Object.hasOwn(gradioFields, key) && key !== 'tags'),
    };
  }
  if ('name' in card && ('first_mes' in card || 'mes_example' in card)) {
    const isFlatV2 = Object.keys(card).some((key) => dataOnlyKeys.has(key));
    return {
      shape: isFlatV2 ? 'v2_flat' : 'v1',
      read: (field) => ({ value: card[field], path: field }),
      data: pick(card, (key) => dataOnlyKeys.has(key)),
      root: pick(card, (key) => !dataOnlyKeys.has(key) && key !== 'tags' && !v1FieldSet.has(key)),
    };
  }
  if (isLorebook(card)) {
    throw new CardError(
      'file',
      'This is a lorebook, not a character card: import it as a lorebook.',
    );
  }
  throw new CardError(
    'file',
    'This is not a character card: it has no spec (chara_card_v2 or chara_card_v3) and no name with a first_mes.',
  );
}

/** The entries of `object` that `keep` accepts, as a new object (any key, "__proto__" included). */
function pick(object: JsonObject, keep: (key: string) => boolean): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => keep(key)));
}

function text({ value, path }: Located): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  throw new CardError(path, `${path} must be text, not ${describe(value)}.`);
}

/** `<BOT>`/`<USER>` (any case) as the `{{char}}`/`{{user}}` macros our prompts fill. */
function standardMacros(value: string): string {
  return value.replace(/<bot>/gi, '{{char}}').replace(/<user>/gi, '{{user}}');
}

function refuseOver(path: string, value: string, max: number, ours: string): void {
  if (value.length > max) {
    throw new CardError(
      path,
      `${path} is ${count(value.length)} characters; ${ours} allows ${count(max)}.`,
    );
  }
}

function mapDialogue(source: Located, warnings: CardWarning[]): string {
  const value = standardMacros(text(source));
  if (/^\s*<start>\s*$/i.test(value)) return '';
  const max = characterLimits.dialogue.max;
  if (value.length <= max) return value;
  const blocks = value.split(/(?=<start>)/i);
  let kept = '';
  let keptBlocks = 0;
  for (const block of blocks) {
    if (kept.length + block.length > max) break;
    kept += block;
    keptBlocks++;
  }
  if (keptBlocks === 0) refuseOver(source.path, value, max, 'the example dialogue');
  warnings.push({
    field: source.path,
    kind: 'cut',
    message: `${source.path} is ${count(value.length)} characters; example dialogues allow ${count(max)}, so the first ${keptBlocks} of ${blocks.length} <START> blocks were kept.`,
  });
  return kept.trimEnd();
}

function mapTags(source: Located, warnings: CardWarning[]): string[] {
  const raw: unknown[] =
    typeof source.value === 'string'
      ? source.value.split(',')
      : Array.isArray(source.value)
        ? source.value
        : source.value === undefined || source.value === null
          ? []
          : [source.value];
  const canonical = new Map(specialTags.map((t) => [t.toLowerCase(), t]));
  const tags: string[] = [];
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const path = Array.isArray(source.value) ? `${source.path}[${i}]` : source.path;
    const name = typeof item === 'string' || typeof item === 'number' ? String(item).trim() : null;
    if (name === '') return;
    const parsed = name === null ? undefined : TagNameSchema.safeParse(name);
    if (!parsed?.success || name === null) {
      warnings.push({
        field: path,
        kind: 'dropped',
        message:
          name === null
            ? `${path} is ${describe(item)}, not a tag name; it was left out.`
            : `Tag "${name.slice(0, 40)}" was left out: ${parsed?.error?.issues[0]?.message ?? 'not a valid tag'}.`,
      });
      return;
    }
    const tag = canonical.get(parsed.data.toLowerCase()) ?? parsed.data;
    if (seen.has(tag.toLowerCase())) return;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  });
  const max = characterLimits.tags.max;
  if (tags.length > max) {
    warnings.push({
      field: source.path,
      kind: 'dropped',
      message: `The card has ${tags.length} tags; a chatbot carries ${max}, so ${tags.slice(max).join(', ')} were left out.`,
    });
  }
  return tags.slice(0, max);
}

/** Checks the V2 keys export writes back, so a kept value always makes a valid card again. */
function checkKeptData(data: JsonObject, prefix: string): JsonObject {
  // Entries, then Object.fromEntries: a "__proto__" key in a card stays a key, never a prototype.
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    const path = `${prefix}${key}`;
    if (value === null && (key === 'character_book' || dataOnlyKeys.has(key))) continue;
    switch (key) {
      case 'creator_notes':
      case 'system_prompt':
      case 'post_history_instructions':
      case 'creator':
      case 'nickname':
        if (typeof value !== 'string') {
          throw new CardError(path, `${path} must be text, not ${describe(value)}.`);
        }
        if (key === 'creator_notes' && value.trim() === placeholderNotes) continue;
        break;
      case 'character_version':
        // Often written as a number (1.2); the spec wants text.
        if (typeof value === 'number') {
          kept.push([key, String(value)]);
          continue;
        }
        if (typeof value !== 'string') {
          throw new CardError(path, `${path} must be text, not ${describe(value)}.`);
        }
        break;
      case 'alternate_greetings':
      case 'group_only_greetings':
        if (!Array.isArray(value) || value.some((g) => typeof g !== 'string')) {
          throw new CardError(path, `${path} must be a list of greetings (text).`);
        }
        break;
      case 'extensions':
      case 'character_book':
        if (!isObject(value)) {
          throw new CardError(path, `${path} must be an object, not ${describe(value)}.`);
        }
        break;
    }
    kept.push([key, value]);
  }
  return Object.fromEntries(kept);
}

function readTitle(data: JsonObject, prefix: string, warnings: CardWarning[]): string {
  const extensions = data.extensions;
  const stored = isObject(extensions) ? extensions[titleExtensionKey] : undefined;
  if (isObject(extensions)) data.extensions = pick(extensions, (key) => key !== titleExtensionKey);
  const title = typeof stored === 'string' ? stored.trim() : '';
  const max = characterLimits.title.max;
  if (title.length > max) {
    const path = `${prefix}extensions["${titleExtensionKey}"]`;
    warnings.push({
      field: path,
      kind: 'cut',
      message: `${path} is ${count(title.length)} characters; the title allows ${count(max)}, so it was cut.`,
    });
    return title.slice(0, max).trimEnd();
  }
  if (title === '') {
    warnings.push({
      field: 'title',
      kind: 'missing',
      message: 'Character cards carry no title: add one in the editor.',
    });
  }
  return title;
}

/** The path of the largest value in the kept data, to name in a refusal. */
function largestKey(extras: { data: JsonObject; root: JsonObject }, prefix: string): string {
  let largest = { path: 'data', size: -1 };
  for (const [part, object] of [
    [prefix.replace(/\.$/, ''), extras.data],
    ['', extras.root],
  ] as const) {
    for (const [key, value] of Object.entries(object)) {
      const size = JSON.stringify(value).length;
      if (size > largest.size) largest = { path: part ? `${part}.${key}` : key, size };
    }
  }
  return largest.path;
}

/**
 * Maps a parsed card (the JSON of a file or PNG chunk) to our fields, or throws a CardError naming the
 * field that cannot be imported.
 */
export function mapCard(card: unknown): CardImport {
  if (!isObject(card)) {
    throw new CardError('file', `This file holds ${describe(card)}, not a character card.`);
  }
  // One level less than kept data allows: a flat card's keys sit one level deeper there.
  const maxDepth = cardMaxDepth - 1;
  const unsafe = unsafeJsonPath(card, maxDepth);
  if (unsafe !== undefined) {
    const shown = unsafe.length > 60 ? `${unsafe.slice(0, 60)}…` : unsafe;
    throw new CardError(
      unsafe.split(/[.[]/)[0] ?? 'file',
      unsafe.endsWith('__proto__')
        ? `${shown} is a key no card may use.`
        : `${shown} is nested more than ${maxDepth} levels deep.`,
    );
  }
  const unstorable = unstorableTextPath(card);
  if (unstorable !== undefined) {
    throw new CardError(
      unstorable,
      `${unstorable} contains a character that cannot be stored (a NUL or a broken Unicode character).`,
    );
  }
  const { shape, read, data, root } = classify(card);
  const prefix = shape === 'v2' || shape === 'v3' ? 'data.' : '';
  const warnings: CardWarning[] = [];

  const nameAt = read('name');
  const name = text(nameAt).trim();
  if (name === '')
    throw new CardError(nameAt.path, `${nameAt.path} is missing: a card needs a name.`);
  refuseOver(nameAt.path, name, characterLimits.name.max, 'the name');
  if (name.length < characterLimits.name.min) {
    warnings.push({
      field: nameAt.path,
      kind: 'missing',
      message: `The name is ${name.length} characters; the editor asks for at least ${characterLimits.name.min}.`,
    });
  }

  const descriptionAt = read('description');
  const personalityAt = read('personality');
  const description = standardMacros(text(descriptionAt));
  const personality = standardMacros(text(personalityAt));
  const persona = [description, personality].filter((part) => part.trim() !== '').join('\n');
  if (persona.length > characterLimits.persona.max) {
    const what =
      description.trim() !== '' && personality.trim() !== ''
        ? `${descriptionAt.path} and ${personalityAt.path} together are`
        : `${description.trim() !== '' ? descriptionAt.path : personalityAt.path} is`;
    throw new CardError(
      descriptionAt.path,
      `${what} ${count(persona.length)} characters; the personality allows ${count(characterLimits.persona.max)}.`,
    );
  }

  const greetingAt = read('first_mes');
  const greeting = standardMacros(text(greetingAt));
  refuseOver(greetingAt.path, greeting, characterLimits.greeting.max, 'the greeting');
  if (greeting.trim().length < characterLimits.greeting.min) {
    warnings.push({
      field: greetingAt.path,
      kind: 'missing',
      message: 'The card has no greeting: write one in the editor.',
    });
  }

  const scenarioAt = read('scenario');
  const scenario = standardMacros(text(scenarioAt));
  refuseOver(scenarioAt.path, scenario, characterLimits.scenario.max, 'the scenario');

  const dialogue = mapDialogue(read('mes_example'), warnings);
  const tags = mapTags(read('tags'), warnings);

  const keptData = checkKeptData(data, prefix);
  const title = readTitle(keptData, prefix, warnings);
  const extras = {
    data: keptData,
    root,
    personality: personality.trim() === '' ? '' : personality,
  };
  const parsed = CardExtrasSchema.safeParse(extras);
  if (!parsed.success) {
    const path = largestKey(extras, prefix);
    throw new CardError(
      path,
      `The card data kept beside the chatbot is ${count(JSON.stringify(extras).length)} characters, mostly ${path}; at most ${count(cardExtrasMaxChars)} are kept.`,
    );
  }

  return {
    shape,
    character: {
      name,
      title,
      greeting,
      persona,
      scenario,
      dialogue,
      tags,
      isNsfw: tagsMakeNsfw(tags),
    },
    extras: parsed.data,
    warnings,
  };
}
