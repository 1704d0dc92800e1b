/**
 * Reading lorebook files (docs/formats.md §3, §5): our own export, a SillyTavern world-info file, a
 * character card's embedded `character_book`, a V2/V3 book, an Agnai memory book, a RisuAI export and a
 * NovelAI lorebook. The format is told by the file's shape, never by a `spec` field alone. Entries that
 * break our limits are reported (every one, with the field path and the limit) before anything is
 * written; the user then skips them, or fits them: long content split at sentence boundaries into
 * several entries with the same keywords, only the first 12 keywords kept. Entries with no usable
 * keywords (constant ones need none) or content are skipped either way; entries past a book's 100
 * are listed by name and not written (formats.md §5, "Imports past our limits").
 */
import { EntryExtensionsSchema, defaultEntrySettings, lorebookLimits } from '../rules/lorebook';
import {
  selectiveLogics,
  type EntryPlacement,
  type LorebookEntryFields,
  type SelectiveLogic,
} from '../schemas/lorebook';
import { lorebookTagsExtension } from './lorebook-export';

/** Why a file is not a lorebook we can read, naming where (`entries`, `data.character_book`, …). */
export class LorebookImportError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'LorebookImportError';
    this.field = field;
  }
}

export type LorebookFileFormat =
  'charchat' | 'character_book' | 'card' | 'sillytavern' | 'agnai' | 'risu' | 'novelai';

/** An entry as read from the file, before our limits are applied. */
export type RawLoreEntry = LorebookEntryFields;

/** An entry that fits our limits. */
export type ImportedLoreEntry = LorebookEntryFields;

export interface ReadLorebook {
  format: LorebookFileFormat;
  name: string;
  description: string;
  scanDepth: number;
  tokenBudget: number;
  recursiveScanning: boolean;
  /** Our own export's tags (its book `extensions`); other formats carry none. */
  tags: string[];
  entries: RawLoreEntry[];
}

/** One way an entry breaks our limits, and what fitting does about it. */
export interface FitProblem {
  /** The entry's index in the file. */
  index: number;
  entryName: string;
  /** `entries[3].content`, `entries[0].keywords`. */
  path: string;
  message: string;
  /** split: the content is split; trim: keywords are dropped; skip: the entry is skipped anyway. */
  fix: 'split' | 'trim' | 'skip';
}

export type FitChoice = 'skip' | 'split';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : undefined;
const chars = (s: string) => Array.from(s).length;

function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('').trimEnd();
}

function keysOf(v: unknown): string[] {
  const list = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : [];
  return list
    .filter((k): k is string => typeof k === 'string')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

function clampInt(v: number | undefined, min: number, max: number, fallback: number): number {
  return v === undefined ? fallback : Math.min(max, Math.max(min, v));
}

/** The keys of an entry's extensions that SillyTavern writes for what our settings hold. */
const settingExtensions = new Set([
  'position',
  'depth',
  'selectiveLogic',
  'probability',
  'useProbability',
  'exclude_recursion',
  'prevent_recursion',
  'delay_until_recursion',
  'case_sensitive',
  'match_whole_words',
]);

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** SillyTavern writes the logic as a number: AND ANY 0, NOT ALL 1, NOT ANY 2, AND ALL 3. */
const logicByNumber: readonly SelectiveLogic[] = ['and_any', 'not_all', 'not_any', 'and_all'];

function logicOf(v: unknown): SelectiveLogic | undefined {
  if (typeof v === 'number') return logicByNumber[v];
  const name = str(v).toLowerCase();
  return selectiveLogics.find((logic) => logic === name);
}

/**
 * Where an entry goes: 0 or before_char before the definition, 1 or after_char after it, 4 (ST's
 * "@D") or at_depth in the chat at its depth. Other places (ST's author's note and example
 * positions, tools' own names) are undefined: the entry goes before the definition and the raw
 * value stays in its extensions.
 */
function placementOf(v: unknown): EntryPlacement | undefined {
  if (v === 0 || v === 'before_char') return 'before_char';
  if (v === 1 || v === 'after_char') return 'after_char';
  if (v === 4 || v === 'at_depth') return 'at_depth';
  return undefined;
}

/** Every key of an entry that readEntry reads, in any of the formats. */
const readEntryKeys = new Set([
  'name',
  'comment',
  'displayName',
  'title',
  'keys',
  'key',
  'keywords',
  'content',
  'entry',
  'text',
  'priority',
  'contextConfig',
  'insertion_order',
  'order',
  'weight',
  'insertorder',
  'enabled',
  'disable',
  'constant',
  'alwaysActive',
  'forceActivation',
  'selective',
  'secondary_keys',
  'keysecondary',
  'secondkey',
  'selectiveLogic',
  'case_sensitive',
  'caseSensitive',
  'match_whole_words',
  'matchWholeWords',
  'useProbability',
  'probability',
  'position',
  'depth',
  'excludeRecursion',
  'exclude_recursion',
  'preventRecursion',
  'prevent_recursion',
  'delayUntilRecursion',
  'delay_until_recursion',
  'extensions',
]);

/**
 * Maps one entry of any shape (formats.md §3.4): the V2/V3 fields first, then SillyTavern's own
 * (world files, and the `extensions` its card books carry), then Agnai, RisuAI and NovelAI names.
 * The entry's `extensions` are kept whole for export; with `keepUnread` (SillyTavern world files,
 * whose entries have no `extensions`) so are the entry's keys we do not read (uid, group, sticky,
 * cooldown, role, …), in `extensions` under their own names, as SillyTavern's card books carry them.
 */
function readEntry(e: Json, keepUnread = false): RawLoreEntry {
  const context = isObject(e.contextConfig) ? e.contextConfig : {};
  const ext = isObject(e.extensions) ? e.extensions : {};
  const defaults = defaultEntrySettings();
  const enabled =
    typeof e.enabled === 'boolean' ? e.enabled : typeof e.disable === 'boolean' ? !e.disable : true;
  const name = [e.name, e.comment, e.displayName, e.title]
    .map(str)
    .map((s) => s.trim())
    .find((s) => s !== '');
  const selective = bool(e.selective) ?? true;
  // SillyTavern's card books write V2's before/after in `position` and its own place in extensions.
  const rawPosition = ext.position ?? e.position;
  const placement = placementOf(ext.position) ?? placementOf(e.position);
  // What the settings hold leaves the extensions (export writes it back from the settings).
  const extensions = Object.fromEntries(
    Object.entries(ext).filter(([key]) => !settingExtensions.has(key)),
  );
  if (placement === undefined && rawPosition !== undefined) extensions.position = rawPosition;
  if (keepUnread) {
    for (const [key, value] of Object.entries(e)) {
      if (!readEntryKeys.has(key) && !Object.hasOwn(extensions, key)) extensions[key] = value;
    }
    // Secondary keys switched off (`selective: false`) do not apply, but the file keeps them.
    if (e.selective === false && e.keysecondary !== undefined) {
      extensions.keysecondary = e.keysecondary;
    }
  }
  const useProbability = bool(e.useProbability) ?? bool(ext.useProbability) ?? true;
  // Probability off: the entry always goes in (100), and export says so again.
  if (!useProbability) extensions.useProbability = false;
  const first = (...flags: unknown[]) => flags.map(bool).find((b) => b !== undefined);
  return {
    name: name ?? '',
    keywords: keysOf(e.keys ?? e.key ?? e.keywords),
    content: str(e.content ?? e.entry ?? e.text),
    priority: clampInt(num(e.priority) ?? num(context.budgetPriority), 0, 1000, defaults.priority),
    insertionOrder: clampInt(
      num(e.insertion_order) ?? num(e.order) ?? num(e.weight) ?? num(e.insertorder),
      -1000,
      1000,
      defaults.insertionOrder,
    ),
    enabled,
    constant: e.constant === true || e.alwaysActive === true || e.forceActivation === true,
    secondaryKeywords: selective
      ? keysOf(e.secondary_keys ?? e.keysecondary ?? e.secondkey)
      : defaults.secondaryKeywords,
    selectiveLogic: logicOf(e.selectiveLogic) ?? logicOf(ext.selectiveLogic) ?? 'and_any',
    caseSensitive:
      first(e.case_sensitive, e.caseSensitive, ext.case_sensitive) ?? defaults.caseSensitive,
    matchWholeWords:
      first(e.match_whole_words, e.matchWholeWords, ext.match_whole_words) ??
      defaults.matchWholeWords,
    probability: useProbability
      ? clampInt(num(e.probability) ?? num(ext.probability), 0, 100, defaults.probability)
      : defaults.probability,
    placement: placement ?? defaults.placement,
    depth: clampInt(
      num(e.depth) ?? num(ext.depth),
      lorebookLimits.depth.min,
      lorebookLimits.depth.max,
      defaults.depth,
    ),
    excludeRecursion:
      first(e.excludeRecursion, e.exclude_recursion, ext.exclude_recursion) ??
      defaults.excludeRecursion,
    preventRecursion:
      first(e.preventRecursion, e.prevent_recursion, ext.prevent_recursion) ??
      defaults.preventRecursion,
    delayUntilRecursion:
      first(e.delayUntilRecursion, e.delay_until_recursion, ext.delay_until_recursion) ??
      defaults.delayUntilRecursion,
    extensions,
  };
}

function entriesOf(list: unknown, field: string, keepUnread = false): RawLoreEntry[] {
  let items: unknown[];
  if (Array.isArray(list)) items = list;
  else if (isObject(list)) {
    // SillyTavern keys entries by uid; keep the file's display order where it gives one.
    items = Object.values(list).sort((a, b) => {
      const key = (v: unknown) =>
        isObject(v) ? (num(v.displayIndex) ?? num(v.uid) ?? 0) : Number.MAX_SAFE_INTEGER;
      return key(a) - key(b);
    });
  } else throw new LorebookImportError(field, `${field} is missing: a lorebook needs entries.`);
  return items.map((item, i) => {
    if (!isObject(item)) {
      throw new LorebookImportError(`${field}[${i}]`, `${field}[${i}] is not an entry object.`);
    }
    return readEntry(item, keepUnread);
  });
}

function bookSettings(book: Json) {
  return {
    recursiveScanning: bool(book.recursive_scanning) ?? bool(book.recursiveScanning) ?? false,
    scanDepth: clampInt(
      num(book.scan_depth) ?? num(book.scanDepth),
      lorebookLimits.scanDepth.min,
      lorebookLimits.scanDepth.max,
      lorebookLimits.scanDepth.default,
    ),
    tokenBudget: clampInt(
      num(book.token_budget) ?? num(book.tokenBudget),
      lorebookLimits.tokenBudget.min,
      lorebookLimits.tokenBudget.max,
      lorebookLimits.tokenBudget.default,
    ),
  };
}

/** The tags our export keeps in the book's extensions: distinct, trimmed, at most the tag limit. */
function tagsOf(book: Json): string[] {
  const extensions = isObject(book.extensions) ? book.extensions : {};
  const seen = new Set<string>();
  return keysOf(extensions[lorebookTagsExtension])
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, lorebookLimits.tags.max);
}

function fileBaseName(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').trim();
}

/** Classifies a parsed file by its shape and reads its book. */
export function readLorebookFile(file: unknown, fileName = ''): ReadLorebook {
  if (!isObject(file)) {
    throw new LorebookImportError('file', 'The file is not a JSON object.');
  }
  const nameFrom = (...candidates: unknown[]) =>
    [...candidates.map(str), fileBaseName(fileName)].map((s) => s.trim()).find((s) => s !== '') ??
    '';
  const make = (format: LorebookFileFormat, book: Json, field: string, extraName?: unknown) => ({
    format,
    name: nameFrom(book.name, extraName),
    description: str(book.description).trim(),
    ...bookSettings(book),
    tags: tagsOf(book),
    entries: entriesOf(book.entries, field, format === 'sillytavern'),
  });

  const data = file.data;
  const spec = str(file.spec);
  // A character card: its embedded book.
  if (
    spec.startsWith('chara_card_') ||
    (isObject(data) && ('first_mes' in data || 'character_book' in data))
  ) {
    const book = isObject(data) ? data.character_book : undefined;
    if (!isObject(book)) {
      throw new LorebookImportError(
        'data.character_book',
        'This is a character card without a lorebook.',
      );
    }
    return make('card', book, 'data.character_book.entries', isObject(data) ? data.name : '');
  }
  if (file.type === 'risu' && Array.isArray(data)) {
    return {
      format: 'risu',
      name: nameFrom(),
      description: '',
      ...bookSettings({}),
      tags: [],
      entries: entriesOf(data, 'data'),
    };
  }
  // Our export, a V3 `lorebook_v3` file, or any `{spec, data: book}` wrapper.
  if (isObject(data) && 'entries' in data) {
    return make(spec === 'charchat_lorebook' ? 'charchat' : 'character_book', data, 'data.entries');
  }
  if ('lorebookVersion' in file) return make('novelai', file, 'entries');
  if (file.kind === 'memory') return make('agnai', file, 'entries');
  if (isObject(file.entries)) return make('sillytavern', file, 'entries');
  if (Array.isArray(file.entries)) return make('character_book', file, 'entries');
  throw new LorebookImportError(
    'entries',
    'No entries found: this is not a lorebook export, a SillyTavern world file or a character card with a lorebook.',
  );
}

/** The name an entry goes by: its own when long enough, else `Entry <n>: <first keyword>`. */
function entryNameOf(entry: RawLoreEntry, index: number): string {
  const own = entry.name.trim();
  if (chars(own) >= lorebookLimits.entryName.min) return cut(own, lorebookLimits.entryName.max);
  const first = entry.keywords[0];
  return cut(
    first === undefined ? `Entry ${index + 1}` : `Entry ${index + 1}: ${first}`,
    lorebookLimits.entryName.max,
  );
}

/** The keywords an import keeps: those within 100 characters, the first 12 of them. */
function usableKeywords(list: readonly string[]): string[] {
  return list.filter((k) => chars(k) <= lorebookLimits.keywords.itemMax);
}

/** Why keywords are dropped from a list (`what`: "keywords", "secondary keywords"), if any are. */
function trimmedKeywords(list: readonly string[], what: string): string[] {
  const { itemMax, max } = lorebookLimits.keywords;
  const usable = usableKeywords(list);
  const messages: string[] = [];
  if (usable.length < list.length) {
    messages.push(`${list.length - usable.length} over ${itemMax} characters, which are dropped`);
  }
  if (usable.length > max) {
    messages.push(`${usable.length} ${what}, maximum is ${max} (the first ${max} are kept)`);
  }
  return messages;
}

/** Every way each entry breaks our limits (formats.md §5), in file order. */
export function fitProblems(entries: readonly RawLoreEntry[]): FitProblem[] {
  const problems: FitProblem[] = [];
  const { keywords, content } = lorebookLimits;
  entries.forEach((entry, index) => {
    const at = (field: string) => `entries[${index}].${field}`;
    const add = (field: string, message: string, fix: FitProblem['fix']) => {
      problems.push({ index, entryName: entryNameOf(entry, index), path: at(field), message, fix });
    };
    const usable = usableKeywords(entry.keywords);
    if (!entry.constant && entry.keywords.length === 0) {
      add('keywords', 'entry has no keywords', 'skip');
    } else if (!entry.constant && usable.length === 0) {
      add('keywords', `every keyword is over ${keywords.itemMax} characters`, 'skip');
    } else {
      trimmedKeywords(entry.keywords, 'keywords').forEach((message) => {
        add('keywords', message, 'trim');
      });
    }
    trimmedKeywords(entry.secondaryKeywords, 'secondary keywords').forEach((message) => {
      add('secondaryKeywords', message, 'trim');
    });
    const extensions = EntryExtensionsSchema.safeParse(entry.extensions);
    if (!extensions.success) {
      const why = extensions.error.issues[0]?.message ?? 'Extensions cannot be kept';
      add('extensions', `${why}; they are dropped`, 'trim');
    }
    const length = chars(entry.content.trim());
    if (length < content.min) {
      add('content', `${length} characters, minimum is ${content.min}`, 'skip');
    } else if (length > content.max) {
      add('content', `${length} characters, maximum is ${content.max}`, 'split');
    }
  });
  return problems;
}

/** Sentences of a text, each with its trailing space, so joining them gives the text back. */
function sentencesOf(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  return Array.from(segmenter.segment(text)).map((s) => s.segment);
}

/** A piece longer than `max`: cut at the last space that fits, else at `max` code points. */
function hardSplit(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = Array.from(text);
  while (rest.length > max) {
    const head = rest.slice(0, max).join('');
    const space = head.search(/\s\S*$/u);
    const take = space > 0 ? Array.from(head.slice(0, space)).length : max;
    pieces.push(rest.slice(0, take).join(''));
    rest = rest.slice(take);
  }
  pieces.push(rest.join(''));
  return pieces;
}

/** Splits content into pieces of at most `max` characters, at sentence boundaries where it can. */
export function splitAtSentences(text: string, max: number = lorebookLimits.content.max): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentencesOf(text.trim())) {
    if (chars(current + sentence) <= max) {
      current += sentence;
      continue;
    }
    if (current.trim() !== '') chunks.push(current.trim());
    current = '';
    if (chars(sentence) <= max) current = sentence;
    else {
      const pieces = hardSplit(sentence, max);
      current = pieces.pop() ?? '';
      chunks.push(...pieces.map((p) => p.trim()).filter((p) => p !== ''));
    }
  }
  if (current.trim() !== '') chunks.push(current.trim());
  // A tail too short to stand alone joins the piece before it when that still fits.
  const last = chunks.at(-1);
  const before = chunks.at(-2);
  if (last !== undefined && before !== undefined && chars(last) < lorebookLimits.content.min) {
    const joined = `${before} ${last}`;
    if (chars(joined) <= max) chunks.splice(-2, 2, joined);
  }
  return chunks.filter((c) => chars(c) >= lorebookLimits.content.min);
}

/** An entry (or a piece of a split one) past the 100-entry limit of a book: listed, never written. */
export interface OverLimitEntry {
  /** The entry's index in the file. */
  index: number;
  entryName: string;
  path: string;
}

export interface FittedLorebook {
  entries: ImportedLoreEntry[];
  /** File entries skipped for their problems (each is in the problems list). */
  skipped: number;
  /** Entries and pieces past the 100-entry limit, in file order (formats.md §5, "Imports past our limits"). */
  overLimit: OverLimitEntry[];
}

/**
 * The entries an import writes under `choice`: entries without problems as they are; with problems,
 * skipped ('skip'), or fitted ('split': content split, keywords trimmed, oversized extensions
 * dropped; unfixable ones skipped). The first 100 are written; the rest are listed by name.
 */
export function fitEntries(entries: readonly RawLoreEntry[], choice: FitChoice): FittedLorebook {
  const problems = fitProblems(entries);
  const out: { entry: ImportedLoreEntry; index: number }[] = [];
  let skipped = 0;
  entries.forEach((entry, index) => {
    const own = problems.filter((p) => p.index === index);
    if (own.some((p) => p.fix === 'skip') || (own.length > 0 && choice === 'skip')) {
      skipped++;
      return;
    }
    const name = entryNameOf(entry, index);
    const base = {
      ...entry,
      keywords: usableKeywords(entry.keywords).slice(0, lorebookLimits.keywords.max),
      secondaryKeywords: usableKeywords(entry.secondaryKeywords).slice(
        0,
        lorebookLimits.keywords.max,
      ),
      extensions: own.some((p) => p.path.endsWith('.extensions')) ? {} : entry.extensions,
    };
    const pieces = splitAtSentences(entry.content);
    if (pieces.length <= 1) {
      out.push({ entry: { ...base, name, content: pieces[0] ?? entry.content.trim() }, index });
      return;
    }
    pieces.forEach((content, i) => {
      const suffix = ` (${i + 1}/${pieces.length})`;
      const pieceName = cut(name, lorebookLimits.entryName.max - chars(suffix)) + suffix;
      out.push({ entry: { ...base, name: pieceName, content }, index });
    });
  });
  const max = lorebookLimits.entries.max;
  return {
    entries: out.slice(0, max).map((o) => o.entry),
    skipped,
    overLimit: out.slice(max).map((o) => ({
      index: o.index,
      entryName: o.entry.name,
      path: `entries[${o.index}]`,
    })),
  };
}

/** The lorebook name the import suggests: within 3-25 characters, or empty for the user to fill. */
export function suggestedName(name: string): string {
  const cutName = cut(name.trim(), lorebookLimits.name.max);
  return chars(cutName) >= lorebookLimits.name.min ? cutName : '';
}

/** The description the import suggests: at most 100 characters, cut at a word. */
export function suggestedDescription(description: string): string {
  const text = description.trim().replace(/\s+/gu, ' ');
  if (chars(text) <= lorebookLimits.description.max) return text;
  const head = cut(text, lorebookLimits.description.max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > 40 ? head.slice(0, space) : head}…`;
}
