/**
 * Lorebook scanning (issue 12 §5; docs/formats.md §4 names the behaviours we copy from SillyTavern): the
 * last `scanDepth` messages are searched for each entry's keywords, case-insensitively and as whole
 * words (in scripts written without spaces, such as Chinese, Japanese and Thai, anywhere; in Korean, a
 * keyword may carry a particle after it); matched entries are taken by priority (highest first, then
 * insertion order, then book order) while they fit the book's token budget, and placed by insertion
 * order (lowest first). An entry fires at most once. Keys are plain text, never regular expressions (a
 * `/re/` key is matched literally), so a book cannot make a prompt build slow. The prompt builder and
 * the editor's test box both run this.
 */
import type { LorebookEntry } from '../schemas/lorebook';

/** What scanning needs of an entry. */
export type ScanEntry = Pick<
  LorebookEntry,
  'id' | 'name' | 'keywords' | 'content' | 'priority' | 'insertionOrder' | 'enabled'
>;

/** A book's settings and entries. */
export interface ScanBook {
  scanDepth: number;
  tokenBudget: number;
  entries: readonly ScanEntry[];
}

/** An entry whose keyword matched, the keyword that did, and what its content costs. */
export interface MatchedEntry {
  entry: ScanEntry;
  keyword: string;
  tokens: number;
}

export interface ScanResult {
  /** Entries that enter the prompt, in placement order (insertion order, lowest first). */
  fired: MatchedEntry[];
  /** Entries that matched but did not fit the token budget. */
  leftOutForBudget: MatchedEntry[];
}

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

/** Text as matched: composed (NFC), lower case, each run of whitespace one space. */
function fold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ');
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

/** A scan window, folded, with its whole words in a set: most keywords are one word, found in O(1). */
interface Window {
  folded: string;
  words: ReadonlySet<string>;
}

function windowOf(text: string): Window {
  const folded = fold(text);
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

function keyOf(keyword: string): Key {
  const text = keyword.trim();
  const folded = fold(text);
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

/**
 * An entry's keys, kept with the entry: the chatbot's books are cached with it (character-cache.ts),
 * so each prompt build reuses them instead of folding every keyword again.
 */
const entryKeys = new WeakMap<ScanEntry, readonly Key[]>();

function keysOf(entry: ScanEntry): readonly Key[] {
  let keys = entryKeys.get(entry);
  if (keys === undefined) {
    keys = entry.keywords.map(keyOf);
    entryKeys.set(entry, keys);
  }
  return keys;
}

/**
 * Whether `key` occurs in the window as a whole word or phrase. A key with one of its whole words
 * missing from the window is refused without a search; a one-word key needs nothing more.
 */
function occursIn(key: Key, window: Window): boolean {
  if (key.folded === '') return false;
  if (key.isOneWord) return window.words.has(key.folded);
  return (
    key.wholeWords.every((w) => window.words.has(w)) &&
    occurs(key.folded, window.folded, key.particles)
  );
}

/** Whether `keyword` appears in `text` as a whole word (or phrase), ignoring case. */
export function keywordMatches(keyword: string, text: string): boolean {
  return occursIn(keyOf(keyword), windowOf(text));
}

/** The first of an entry's keywords found in the window, or null. */
function matchingKeyword(entry: ScanEntry, window: Window): string | null {
  if (!entry.enabled || window.folded === '') return null;
  return keysOf(entry).find((key) => occursIn(key, window))?.text ?? null;
}

/** Most important first: priority (high first), then insertion order (low first), then book order. */
function byImportance(a: { m: MatchedEntry; at: number }, b: { m: MatchedEntry; at: number }) {
  return (
    b.m.entry.priority - a.m.entry.priority ||
    a.m.entry.insertionOrder - b.m.entry.insertionOrder ||
    a.at - b.at
  );
}

/**
 * Scans several books against a chat's messages (oldest first). Each book has its own depth and budget;
 * an entry id met twice (the same book reached twice) fires once.
 */
export function scanLorebooks(
  books: readonly ScanBook[],
  messages: readonly string[],
  countTokens: (text: string) => number,
): ScanResult {
  const seen = new Set<string>();
  const fired: { m: MatchedEntry; at: number }[] = [];
  const leftOutForBudget: MatchedEntry[] = [];
  let at = 0;
  const windows = new Map<number, Window>();
  for (const book of books) {
    let text = windows.get(book.scanDepth);
    if (text === undefined) {
      text = windowOf(scanWindow(messages, book.scanDepth));
      windows.set(book.scanDepth, text);
    }
    const matched: { m: MatchedEntry; at: number }[] = [];
    for (const entry of book.entries) {
      at++;
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      const content = entry.content.trim();
      if (content === '') continue;
      const keyword = matchingKeyword(entry, text);
      if (keyword === null) continue;
      matched.push({ m: { entry, keyword, tokens: countTokens(content) }, at });
    }
    matched.sort(byImportance);
    let used = 0;
    for (const item of matched) {
      if (used + item.m.tokens <= book.tokenBudget) {
        used += item.m.tokens;
        fired.push(item);
      } else {
        leftOutForBudget.push(item.m);
      }
    }
  }
  fired.sort((a, b) => a.m.entry.insertionOrder - b.m.entry.insertionOrder || a.at - b.at);
  return { fired: fired.map((f) => f.m), leftOutForBudget };
}

/** Scans one book (the editor's test box). */
export function scanLorebook(
  book: ScanBook,
  messages: readonly string[],
  countTokens: (text: string) => number,
): ScanResult {
  return scanLorebooks([book], messages, countTokens);
}
