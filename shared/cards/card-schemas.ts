/**
 * What a character card import produces and what export reads back (docs/formats.md §2): our fields, the
 * card data we have no field for (kept as `card_extras` so a re-export loses nothing), and warnings.
 */
import { z } from 'zod';
import { characterLimits } from '../rules/character';
import { CharacterFieldsSchema } from '../schemas/character';

/** The largest card file read: a PNG card with its image (asset chunks included), or a JSON card. */
export const cardFileMaxBytes = 8 * 1024 * 1024;

/**
 * The most JSON characters of card data kept beside a character (lorebooks and extensions fit; a card
 * whose kept data is larger, such as one carrying base64 assets, is refused naming its largest key).
 */
export const cardExtrasMaxChars = 1_000_000;

/** Our own key in a card's `extensions`, carrying the title cards have no field for. */
export const titleExtensionKey = 'charchat/title';

/** The card shapes read (docs/formats.md §1): flat V1, V2, V3, V2 without its wrapper, Pygmalion. */
export const CardShapeSchema = z.enum(['v1', 'v2', 'v3', 'v2_flat', 'gradio']);
export type CardShape = z.infer<typeof CardShapeSchema>;

/**
 * What a chatbot's create does with its card's embedded book (`character_book`): make it a lorebook
 * attached to the chatbot, its problem entries skipped (`skip`) or fitted (`split`), as a lorebook file
 * import offers; or `leave` it in the kept card data only (export still writes it).
 */
export const CardBookChoiceSchema = z.enum(['skip', 'split', 'leave']);
export type CardBookChoice = z.infer<typeof CardBookChoiceSchema>;

/** Export formats: Character Card V2 JSON, V3 JSON, or a PNG carrying both. */
export const CardExportFormatSchema = z.enum(['v2', 'v3', 'png']);
export type CardExportFormat = z.infer<typeof CardExportFormatSchema>;

const field = CharacterFieldsSchema.shape;

/**
 * A card mapped to our chatbot fields, each within its maximum. Minimums (a 3-character greeting, a
 * title cards do not have) are the editor's to ask for; warnings say which are missing.
 */
export const ImportedCharacterSchema = z.object({
  name: field.name.max(characterLimits.name.max),
  title: field.title.max(characterLimits.title.max),
  greeting: field.greeting.max(characterLimits.greeting.max),
  persona: field.persona.max(characterLimits.persona.max),
  scenario: field.scenario.max(characterLimits.scenario.max),
  dialogue: field.dialogue.max(characterLimits.dialogue.max),
  tags: field.tags.max(characterLimits.tags.max),
  isNsfw: field.isNsfw,
});
export type ImportedCharacter = z.infer<typeof ImportedCharacterSchema>;

/**
 * How deep card JSON may nest. Real cards nest a few levels (a lorebook entry's extensions sit at six);
 * the checks and the export walk the data recursively, so a bottomless file is refused up front.
 */
export const cardMaxDepth = 100;

/**
 * The path of a value nested deeper than `maxDepth`, or of a `__proto__` key (which object checks and
 * copies would turn into a prototype; the server's JSON parser refuses it too), found without
 * recursion; undefined when there is none.
 */
export function unsafeJsonPath(card: unknown, maxDepth: number = cardMaxDepth): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: card, path: '', depth: 0 },
  ];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { value, path, depth } = node;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return path;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (key === '__proto__') return itemPath;
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Card data kept with a character so that export writes it back (`characters.card_extras`). */
const CardExtrasShapeSchema = z
  .object({
    /** Keys of the card's `data` we have no field for, as the file had them (creator_notes, extensions…). */
    data: z.record(z.string(), z.json()),
    /** Top-level keys besides the wrapper and the stale V1 copies (SillyTavern's chat, fav, …). */
    root: z.record(z.string(), z.json()),
    /** The card's own `personality`, which import appends to the persona; export splits it back off. */
    personality: z.string(),
  })
  .refine((extras) => JSON.stringify(extras).length <= cardExtrasMaxChars, {
    message: `Kept card data allows ${cardExtrasMaxChars.toLocaleString('en-US')} characters`,
  });

/** The kept card data, its depth checked first (without recursion) so the shape check cannot overflow. */
export const CardExtrasSchema = z
  .unknown()
  .refine((value) => unsafeJsonPath(value) === undefined, {
    message: `Kept card data may nest at most ${cardMaxDepth} levels, with no __proto__ key`,
  })
  .pipe(CardExtrasShapeSchema);
export type CardExtras = z.infer<typeof CardExtrasSchema>;

/**
 * Something the import changed or could not fill: `cut` (text shortened), `dropped` (an item left out),
 * `missing` (the editor must fill it), `changed` (read differently from the file).
 */
export const CardWarningSchema = z.object({
  field: z.string(),
  kind: z.enum(['cut', 'dropped', 'missing', 'changed']),
  message: z.string(),
});
export type CardWarning = z.infer<typeof CardWarningSchema>;
