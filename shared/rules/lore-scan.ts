/**
 * Lorebook scanning (issue 12 §5, issue 27 part 4; docs/formats.md §4 and §5.1 name the behaviours we
 * copy from SillyTavern): a constant entry always fires; others need one of their keywords in the last
 * `scanDepth` messages, case-insensitively and as whole words unless the entry says otherwise (in
 * scripts written without spaces, such as Chinese, Japanese and Thai, anywhere; in Korean, a keyword
 * may carry a particle after it), then their secondary keywords by the entry's logic. Matched entries
 * are taken by priority (highest first, then insertion order, then book order), each rolling its
 * probability, while they fit the book's token budget, and placed by insertion order (lowest first)
 * where each entry says. An entry fires at most once. Keys are plain text, never regular expressions (a
 * `/re/` key is matched literally), so a book cannot make a prompt build slow. The prompt builder and
 * the editor's test box both run this.
 */
import type { LorebookEntry, SelectiveLogic } from '../schemas/lorebook';

/** What scanning needs of an entry: all it holds but its timestamp and the extensions kept for export. */
export type ScanEntry = Omit<LorebookEntry, 'updatedAt' | 'extensions'>;

/** A book's settings and entries. */
export interface ScanBook {
  scanDepth: number;
  tokenBudget: number;
  /** Whether fired entries' content may make this book's entries fire. */
  recursiveScanning: boolean;
  entries: readonly ScanEntry[];
}

/** An entry that fired (or matched), the keyword that did (null: a constant entry), and its cost. */
export interface MatchedEntry {
  entry: ScanEntry;
  keyword: string | null;
  tokens: number;
}

export interface ScanResult {
  /** Entries that enter the prompt, in placement order (insertion order, lowest first). */
  fired: MatchedEntry[];
  /** Entries that matched but did not fit the token budget. */
  leftOutForBudget: MatchedEntry[];
  /** Entries that matched but lost their probability roll. */
  leftOutByChance: MatchedEntry[];
}

/** How many times fired entries' content is scanned again, at most (each pass must fire something). */
export const maxRecursionPasses = 5;

/**
 * Letters of scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
 * Burmese): there a keyword can only be found inside a run of letters, so these letters count as
 * boundaries, as SillyTavern's ASCII word boundary makes them count.
 */
const unspaced = String.raw`\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmr}\p{scx=Mymr}`;
/** Letters, combining marks, digits and the underscore, but no unspaced letter: what words are made of. */
const wordClass = String.raw`(?![${unspaced}])[\p{L}\p{M}\p{N}_]`;
const wordChar = new RegExp(`^${wordClass}$`, 'u');
/**
 * Korean writes particles onto the word before them (서울에, "in Seoul"; 서울은, "Seoul, as for"), so a
 * keyword ending in Hangul may be followed by more Hangul: it must start a word, not end one.
 */
const hangulChar = /^\p{scx=Hang}$/u;
const endsInHangul = /\p{scx=Hang}$/u;

/** Text as matched: composed (NFC), lower case unless `keepCase`, each run of whitespace one space. */
function fold(text: string, keepCase: boolean): string {
  const composed = text.normalize('NFC');
  return (keepCase ? composed : composed.toLowerCase()).replace(/\s+/gu, ' ');
}

/** Whether the code point ending just before `index` is a word character. */
function isWordBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return wordChar.test(String.fromCodePoint(text.codePointAt(start) ?? 0));
}

/** Whether the code point starting at `index` is a word character (Hangul aside, when `particles`). */
function isWordAt(text: string, index: number, particles: boolean): boolean {
  if (index >= text.length) return false;
  const char = String.fromCodePoint(text.codePointAt(index) ?? 0);
  return wordChar.test(char) && !(particles && hangulChar.test(char));
}

/**
 * Whether folded `key` occurs in folded `text` as a whole word or phrase: no word character touches
 * either end, but a Korean particle may follow when `particles`. A plain substring search with a check
 * at each hit.
 */
function occurs(key: string, text: string, particles: boolean): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    if (!isWordBefore(text, at) && !isWordAt(text, at + key.length, particles)) return true;
  }
  return false;
}

/** The text scanned at `depth`: the last `depth` messages, newest last; nothing at depth 0. */
export function scanWindow(messages: readonly string[], depth: number): string {
  if (depth <= 0) return '';
  return messages.slice(-depth).join('\n');
}

/** A run of word characters: a whole word. */
const wordRun = new RegExp(`(?:${wordClass})+`, 'gu');
const singleWord = new RegExp(`^(?:${wordClass})+$`, 'u');

/** Scanned text, folded, with its whole words in a set: most keywords are one word, found in O(1). */
interface Folded {
  folded: string;
  words: ReadonlySet<string>;
}

/** A scan window: the text, folded ignoring case and (when an entry asks) keeping it. */
class Window {
  private lower: Folded | undefined;
  private cased: Folded | undefined;
  constructor(readonly text: string) {}
  get isEmpty(): boolean {
    return this.text.trim() === '';
  }
  as(keepCase: boolean): Folded {
    if (keepCase) return (this.cased ??= foldedOf(this.text, true));
    return (this.lower ??= foldedOf(this.text, false));
  }
}

function foldedOf(text: string, keepCase: boolean): Folded {
  const folded = fold(text, keepCase);
  return { folded, words: new Set(folded.match(wordRun)) };
}

/** A keyword as searched for, worked out once: folded, and what its search needs. */
interface Key {
  /** As written, trimmed: what a match reports. */
  text: string;
  folded: string;
  /** A Korean key, ending in Hangul: a particle may follow it. */
  particles: boolean;
  /** One word (and no particle allowed): a look-up in the window's words is the whole search. */
  isOneWord: boolean;
  /** The words that must be whole wherever the key occurs: all of them, but a Korean last one. */
  wholeWords: readonly string[];
}

function keyOf(keyword: string, keepCase: boolean): Key {
  const text = keyword.trim();
  const folded = fold(text, keepCase);
  const particles = endsInHangul.test(folded);
  const words = folded.match(wordRun) ?? [];
  return {
    text,
    folded,
    particles,
    isOneWord: singleWord.test(folded) && !particles,
    wholeWords: particles ? words.slice(0, -1) : words,
  };
}

/** An entry's keys and how they are matched. */
interface EntryKeys {
  primary: readonly Key[];
  secondary: readonly Key[];
  keepCase: boolean;
  wholeWords: boolean;
}

/**
 * An entry's keys, kept with the entry: the chatbot's books are cached with it (character-cache.ts),
 * so each prompt build reuses them instead of folding every keyword again.
 */
const entryKeys = new WeakMap<ScanEntry, EntryKeys>();

function keysOf(entry: ScanEntry): EntryKeys {
  let keys = entryKeys.get(entry);
  if (keys === undefined) {
    const keepCase = entry.caseSensitive;
    keys = {
      primary: entry.keywords.map((k) => keyOf(k, keepCase)),
      secondary: entry.secondaryKeywords.map((k) => keyOf(k, keepCase)),
      keepCase,
      wholeWords: entry.matchWholeWords,
    };
    entryKeys.set(entry, keys);
  }
  return keys;
}

/**
 * Whether `key` occurs in the text: as a whole word or phrase when `wholeWords` (a key with one of
 * its whole words missing from the text is refused without a search; a one-word key needs nothing
 * more), else anywhere, inside words too.
 */
function occursIn(key: Key, text: Folded, wholeWords: boolean): boolean {
  if (key.folded === '') return false;
  if (!wholeWords) return text.folded.includes(key.folded);
  if (key.isOneWord) return text.words.has(key.folded);
  return (
    key.wholeWords.every((w) => text.words.has(w)) && occurs(key.folded, text.folded, key.particles)
  );
}

/** Whether `keyword` appears in `text` as a whole word (or phrase), ignoring case. */
export function keywordMatches(keyword: string, text: string): boolean {
  return occursIn(keyOf(keyword, false), foldedOf(text, false), true);
}

/** Whether the secondary keywords found pass the entry's logic (no secondary keywords: they do). */
function passesSecondary(logic: SelectiveLogic, found: number, total: number): boolean {
  if (total === 0) return true;
  switch (logic) {
    case 'and_any':
      return found > 0;
    case 'and_all':
      return found === total;
    case 'not_any':
      return found === 0;
    case 'not_all':
      return found < total;
  }
}

/**
 * Whether an entry fires on the window, and by which keyword (null: constant). A constant entry
 * always does, in the first pass; others need a keyword, then their secondary keywords' logic.
 * `delayUntilRecursion` entries fire only in a recursion pass, `excludeRecursion` ones never do.
 */
function activation(
  entry: ScanEntry,
  window: Window,
  isRecursion: boolean,
): { keyword: string | null } | undefined {
  if (!entry.enabled) return undefined;
  if (entry.constant) return isRecursion ? undefined : { keyword: null };
  if (isRecursion ? entry.excludeRecursion : entry.delayUntilRecursion) return undefined;
  if (window.isEmpty) return undefined;
  const keys = keysOf(entry);
  const text = window.as(keys.keepCase);
  const primary = keys.primary.find((key) => occursIn(key, text, keys.wholeWords));
  if (primary === undefined) return undefined;
  const found = keys.secondary.filter((key) => occursIn(key, text, keys.wholeWords)).length;
  if (!passesSecondary(entry.selectiveLogic, found, keys.secondary.length)) return undefined;
  return { keyword: primary.text };
}

/** Most important first: priority (high first), then insertion order (low first), then book order. */
function byImportance(a: { m: MatchedEntry; at: number }, b: { m: MatchedEntry; at: number }) {
  return (
    b.m.entry.priority - a.m.entry.priority ||
    a.m.entry.insertionOrder - b.m.entry.insertionOrder ||
    a.at - b.at
  );
}

export interface ScanOptions {
  /** A number in [0, 1) for each probability roll; Math.random unless a test gives its own. */
  random?: () => number;
}

/**
 * Scans several books against a chat's messages (oldest first). Each book has its own depth and
 * budget. In each book, matched entries are taken by importance: each one below 100 % probability
 * rolls first (a lost roll leaves it out of this prompt), then it goes in while it fits the budget.
 * When a book scans recursively, the content of entries that went in (but those that prevent
 * recursion) is scanned with the messages again, up to `maxRecursionPasses` times, for its entries
 * not yet decided. An entry id met twice (the same book reached twice) is decided once.
 */
export function scanLorebooks(
  books: readonly ScanBook[],
  messages: readonly string[],
  countTokens: (text: string) => number,
  options: ScanOptions = {},
): ScanResult {
  const random = options.random ?? Math.random;
  const decided = new Set<string>();
  const fired: { m: MatchedEntry; at: number }[] = [];
  const leftOutForBudget: MatchedEntry[] = [];
  const leftOutByChance: MatchedEntry[] = [];
  const used = books.map(() => 0);
  const windows = new Map<number, string>();
  const messagesAt = (depth: number) => {
    let text = windows.get(depth);
    if (text === undefined) {
      text = scanWindow(messages, depth);
      windows.set(depth, text);
    }
    return text;
  };
  let recursed: string[] = [];
  for (let pass = 0; pass <= maxRecursionPasses; pass++) {
    const isRecursion = pass > 0;
    const firedThisPass: string[] = [];
    books.forEach((book, b) => {
      if (isRecursion && !book.recursiveScanning) return;
      const window = new Window([messagesAt(book.scanDepth), ...recursed].join('\n'));
      const matched: { m: MatchedEntry; at: number }[] = [];
      const seenHere = new Set<string>();
      book.entries.forEach((entry, i) => {
        if (decided.has(entry.id) || seenHere.has(entry.id)) return;
        seenHere.add(entry.id);
        const content = entry.content.trim();
        if (content === '') return;
        const hit = activation(entry, window, isRecursion);
        if (hit === undefined) return;
        matched.push({
          m: { entry, keyword: hit.keyword, tokens: countTokens(content) },
          at: b * 1e6 + i,
        });
      });
      matched.sort(byImportance);
      for (const item of matched) {
        decided.add(item.m.entry.id);
        if (item.m.entry.probability < 100 && random() * 100 >= item.m.entry.probability) {
          leftOutByChance.push(item.m);
        } else if ((used[b] ?? 0) + item.m.tokens <= book.tokenBudget) {
          used[b] = (used[b] ?? 0) + item.m.tokens;
          fired.push(item);
          if (!item.m.entry.preventRecursion) firedThisPass.push(item.m.entry.content.trim());
        } else {
          leftOutForBudget.push(item.m);
        }
      }
    });
    if (firedThisPass.length === 0 || !books.some((book) => book.recursiveScanning)) break;
    recursed = [...recursed, ...firedThisPass];
  }
  fired.sort((a, b) => a.m.entry.insertionOrder - b.m.entry.insertionOrder || a.at - b.at);
  return { fired: fired.map((f) => f.m), leftOutForBudget, leftOutByChance };
}

/** Scans one book (the editor's test box). */
export function scanLorebook(
  book: ScanBook,
  messages: readonly string[],
  countTokens: (text: string) => number,
  options: ScanOptions = {},
): ScanResult {
  return scanLorebooks([book], messages, countTokens, options);
}
