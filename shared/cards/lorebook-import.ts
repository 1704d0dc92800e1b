/**
 * Reading lorebook files (docs/formats.md §3, §5): our own export, a SillyTavern world-info file, a
 * character card's embedded `character_book`, a V2/V3 book, an Agnai memory book, a RisuAI export and a
 * NovelAI lorebook. The format is told by the file's shape, never by a `spec` field alone. Entries that
 * break our limits are reported (every one, with the field path and the limit) before anything is
 * written; the user then skips them, or fits them: long content split at sentence boundaries into
 * several entries with the same keywords, only the first 12 keywords kept. Entries with no usable
 * keywords or content are skipped either way.
 */
import { lorebookLimits } from '../rules/lorebook';
import type { LorebookEntryFields } from '../schemas/lorebook';
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
export type RawLoreEntry = LorebookEntryFields & { isConstant: boolean };

/** An entry that fits our limits. */
export type ImportedLoreEntry = LorebookEntryFields;

export interface ReadLorebook {
  format: LorebookFileFormat;
  name: string;
  description: string;
  scanDepth: number;
  tokenBudget: number;
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

/** Maps one entry of any shape (formats.md §3.4). */
function readEntry(e: Json): RawLoreEntry {
  const context = isObject(e.contextConfig) ? e.contextConfig : {};
  const enabled =
    typeof e.enabled === 'boolean' ? e.enabled : typeof e.disable === 'boolean' ? !e.disable : true;
  const name = [e.name, e.comment, e.displayName, e.title]
    .map(str)
    .map((s) => s.trim())
    .find((s) => s !== '');
  return {
    name: name ?? '',
    keywords: keysOf(e.keys ?? e.key ?? e.keywords),
    content: str(e.content ?? e.entry ?? e.text),
    priority: clampInt(num(e.priority) ?? num(context.budgetPriority), 0, 1000, 100),
    insertionOrder: clampInt(
      num(e.insertion_order) ?? num(e.order) ?? num(e.weight) ?? num(e.insertorder),
      -1000,
      1000,
      100,
    ),
    enabled,
    isConstant: e.constant === true || e.alwaysActive === true || e.forceActivation === true,
  };
}

function entriesOf(list: unknown, field: string): RawLoreEntry[] {
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
    return readEntry(item);
  });
}

function bookSettings(book: Json) {
  return {
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
    entries: entriesOf(book.entries, field),
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

/** Every way each entry breaks our limits (formats.md §5), in file order. */
export function fitProblems(entries: readonly RawLoreEntry[]): FitProblem[] {
  const problems: FitProblem[] = [];
  const { keywords, content } = lorebookLimits;
  entries.forEach((entry, index) => {
    const at = (field: string) => `entries[${index}].${field}`;
    const add = (field: string, message: string, fix: FitProblem['fix']) => {
      problems.push({ index, entryName: entryNameOf(entry, index), path: at(field), message, fix });
    };
    const usable = entry.keywords.filter((k) => chars(k) <= keywords.itemMax);
    if (entry.keywords.length === 0) {
      add(
        'keywords',
        entry.isConstant ? 'constant entry has no keywords' : 'entry has no keywords',
        'skip',
      );
    } else if (usable.length === 0) {
      add('keywords', `every keyword is over ${keywords.itemMax} characters`, 'skip');
    } else {
      if (usable.length < entry.keywords.length) {
        add(
          'keywords',
          `${entry.keywords.length - usable.length} keyword(s) over ${keywords.itemMax} characters, which are dropped`,
          'trim',
        );
      }
      if (usable.length > keywords.max) {
        add(
          'keywords',
          `${usable.length} keywords, maximum is ${keywords.max} (the first ${keywords.max} are kept)`,
          'trim',
        );
      }
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

export interface FittedLorebook {
  entries: ImportedLoreEntry[];
  /** File entries left out (skipped, unfixable, or past the entry limit). */
  skipped: number;
  /** How many entries past the 100-entry limit were dropped. */
  overLimit: number;
}

/**
 * The entries an import writes under `choice`: entries without problems as they are; with problems,
 * skipped ('skip'), or fitted ('split': content split, keywords trimmed; unfixable ones skipped).
 * At most the first 100 entries are kept.
 */
export function fitEntries(entries: readonly RawLoreEntry[], choice: FitChoice): FittedLorebook {
  const problems = fitProblems(entries);
  const out: ImportedLoreEntry[] = [];
  let skipped = 0;
  entries.forEach((entry, index) => {
    const own = problems.filter((p) => p.index === index);
    if (own.some((p) => p.fix === 'skip') || (own.length > 0 && choice === 'skip')) {
      skipped++;
      return;
    }
    const keywords = entry.keywords
      .filter((k) => chars(k) <= lorebookLimits.keywords.itemMax)
      .slice(0, lorebookLimits.keywords.max);
    const name = entryNameOf(entry, index);
    const base = {
      keywords,
      priority: entry.priority,
      insertionOrder: entry.insertionOrder,
      enabled: entry.enabled,
    };
    const pieces = splitAtSentences(entry.content);
    if (pieces.length <= 1) {
      out.push({ ...base, name, content: pieces[0] ?? entry.content.trim() });
      return;
    }
    pieces.forEach((content, i) => {
      const suffix = ` (${i + 1}/${pieces.length})`;
      out.push({
        ...base,
        name: cut(name, lorebookLimits.entryName.max - chars(suffix)) + suffix,
        content,
      });
    });
  });
  const overLimit = Math.max(0, out.length - lorebookLimits.entries.max);
  return {
    entries: out.slice(0, lorebookLimits.entries.max),
    skipped: skipped,
    overLimit,
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
