/**
 * The lorebook part of npm run bench (issue 12 §9): what scanning a 100-entry lorebook against the last
 * 20 messages adds to building a reply's prompt. The same prompt is built with and without the book,
 * alternating, in this process (no I/O: prompt building is pure CPU), once with the remote providers'
 * token estimate and once with the tiny model's own tokenizer, whose counts the local provider keeps
 * for texts it met (workers/providers/token-counts.ts): the first build with the book is shown apart.
 */
import type { ScanBook, ScanEntry } from '#shared/rules/lore-scan';
import { defaultEntrySettings } from '#shared/rules/lorebook';
import { buildPrompt, type PromptTurn } from '#workers/generation/prompt/build-prompt';
import { loreEntriesFor } from '#workers/generation/prompt/lore-entries';
import { quantile } from './stats';

export interface LoreScanCase {
  tokenizer: string;
  /** Entries that fired in the prompt with the book. */
  fired: number;
  /** The first build with the book, before its entries' token counts are known (tokenizer cache cold). */
  firstMs: number;
  withoutP50: number;
  withoutP95: number;
  withP50: number;
  withP95: number;
}

const entryCount = 100;
const messageCount = 20;
const rounds = 2_000;
const warmUp = 200;

/** A small deterministic generator, so every run scans the same book and chat. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const vocabulary = Array.from({ length: 600 }, (_, i) => `word${i.toString(36)}`);

/** 100 entries of 1 to 12 keywords (some phrases, some capitalised) and up to 1,000 characters each. */
function loreBook(random: () => number): ScanBook {
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] ?? 'word';
  const entries: ScanEntry[] = Array.from({ length: entryCount }, (_, i) => ({
    id: `entry-${String(i)}`,
    name: `Entry ${String(i)}`,
    keywords: Array.from({ length: 1 + Math.floor(random() * 12) }, (_, k) =>
      k % 4 === 3 ? `${pick()} ${pick()}` : k % 3 === 0 ? pick().toUpperCase() : pick(),
    ),
    content: Array.from({ length: 60 + Math.floor(random() * 80) }, pick)
      .join(' ')
      .slice(0, 1_000),
    ...defaultEntrySettings(),
    priority: Math.floor(random() * 10),
    insertionOrder: i,
  }));
  return { scanDepth: messageCount, tokenBudget: 4_000, recursiveScanning: false, entries };
}

/** Words of ordinary chat, none of them a keyword. */
const chatter = Array.from({ length: 2_000 }, (_, i) => `talk${i.toString(36)}`);

/**
 * 20 messages of 60 words with punctuation: ordinary words, one in 30 a keyword of the book (about 40
 * mentions, so a few dozen entries fire, as in a chat that keeps naming its world's people and places).
 */
function chat(random: () => number): PromptTurn[] {
  const word = () =>
    random() < 1 / 30
      ? (vocabulary[Math.floor(random() * vocabulary.length)] ?? 'word')
      : (chatter[Math.floor(random() * chatter.length)] ?? 'talk');
  return Array.from({ length: messageCount }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'bot',
    content: Array.from({ length: 60 }, (_, w) => (w % 9 === 8 ? `${word()},` : word())).join(' '),
  }));
}

function timed(build: () => unknown): number {
  const started = process.hrtime.bigint();
  build();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function loreScanRun(tokenizers: Record<string, (text: string) => number>): LoreScanCase[] {
  const random = lcg(12);
  const book = loreBook(random);
  const history = chat(random);
  const character = {
    name: 'Bench',
    persona: 'A patient narrator.',
    scenario: 'A long chat.',
    dialogue: '',
  };
  return Object.entries(tokenizers).map(([tokenizer, countTokens]) => {
    const build = (books: readonly ScanBook[]) =>
      buildPrompt({
        character,
        userName: 'User',
        lorebookEntries: loreEntriesFor(books, history, countTokens),
        history,
        contextSize: 8_192,
        maxTokens: 512,
        countTokens,
      });
    build([]);
    const firstMs = timed(() => build([book]));
    const without: number[] = [];
    const withBook: number[] = [];
    for (let i = 0; i < warmUp + rounds; i++) {
      const a = timed(() => build([]));
      const b = timed(() => build([book]));
      if (i >= warmUp) {
        without.push(a);
        withBook.push(b);
      }
    }
    return {
      tokenizer,
      fired: loreEntriesFor([book], history, countTokens).length,
      firstMs,
      withoutP50: quantile(without, 0.5),
      withoutP95: quantile(without, 0.95),
      withP50: quantile(withBook, 0.5),
      withP95: quantile(withBook, 0.95),
    };
  });
}
