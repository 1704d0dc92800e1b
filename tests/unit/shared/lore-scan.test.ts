import { describe, expect, it } from 'vitest';
import {
  keywordMatches,
  maxRecursionPasses,
  scanLorebook,
  scanLorebooks,
  scanWindow,
  type ScanBook,
  type ScanEntry,
} from '#shared/rules/lore-scan';
import { defaultEntrySettings } from '#shared/rules/lorebook';

let nextId = 0;
function entry(over: Partial<ScanEntry> & { keywords: string[] }): ScanEntry {
  nextId++;
  return {
    id: `e${nextId}`,
    name: `Entry ${nextId}`,
    content: `Lore number ${nextId}.`,
    ...defaultEntrySettings(),
    ...over,
  };
}

function book(entries: ScanEntry[], over: Partial<ScanBook> = {}): ScanBook {
  return { scanDepth: 4, tokenBudget: 1000, recursiveScanning: false, entries, ...over };
}

/** One token per character keeps budget arithmetic readable. */
const chars = (text: string) => text.length;

const firedNames = (result: ReturnType<typeof scanLorebook>) =>
  result.fired.map((f) => f.entry.name);

describe('keywordMatches', () => {
  it('ignores case', () => {
    expect(keywordMatches('Eldoria', 'we rode to ELDORIA at dawn')).toBe(true);
    expect(keywordMatches('ELDORIA', 'eldoria')).toBe(true);
  });

  it('matches whole words only: a keyword inside a longer word does not fire', () => {
    expect(keywordMatches('cat', 'concatenate the files')).toBe(false);
    expect(keywordMatches('cat', 'a category of its own')).toBe(false);
    expect(keywordMatches('art', 'the party started')).toBe(false);
  });

  it('does not match plurals or other inflections by accident', () => {
    expect(keywordMatches('cat', 'two cats sat')).toBe(false);
    expect(keywordMatches('elf', 'the elves sang')).toBe(false);
    expect(keywordMatches('cats', 'one cat sat')).toBe(false);
  });

  it('treats punctuation as a word boundary', () => {
    expect(keywordMatches('dragon', 'A dragon!')).toBe(true);
    expect(keywordMatches('dragon', '"Dragon," she said.')).toBe(true);
    expect(keywordMatches('dragon', '(dragon)')).toBe(true);
    expect(keywordMatches('dragon', "the dragon's lair")).toBe(true);
    expect(keywordMatches('dragon', 'dragon-fire')).toBe(true);
    expect(keywordMatches('dragon', 'dragon_fire')).toBe(false);
    expect(keywordMatches('dragon', 'dragon2')).toBe(false);
  });

  it('matches keywords that are punctuation-heavy literally, never as a pattern', () => {
    expect(keywordMatches('C++', 'I write C++ daily')).toBe(true);
    expect(keywordMatches('a.b', 'axb')).toBe(false);
    expect(keywordMatches('/dra.on/i', 'dragon')).toBe(false);
    expect(keywordMatches('/dra.on/i', 'the /dra.on/i key')).toBe(true);
    expect(keywordMatches('(x', 'say (x now')).toBe(true);
  });

  it('treats Unicode letters as word characters, unlike an ASCII \\b', () => {
    expect(keywordMatches('café', 'at the Café tonight')).toBe(true);
    expect(keywordMatches('caf', 'at the café tonight')).toBe(false);
    expect(keywordMatches('Ünter', 'ünterwelt')).toBe(false);
    expect(keywordMatches('Москва', 'Я люблю МОСКВА!')).toBe(true);
    expect(keywordMatches('Моск', 'Я люблю Москва')).toBe(false);
    expect(keywordMatches('東京', '私は 東京 に行く')).toBe(true);
  });

  it('finds keywords inside runs of Chinese, Japanese or Thai, which have no spaces between words', () => {
    expect(keywordMatches('東京', '東京に行きたい')).toBe(true);
    expect(keywordMatches('東京', '私は東京へ')).toBe(true);
    expect(keywordMatches('メン', 'ラーメンを食べる')).toBe(true);
    expect(keywordMatches('Tokyo', 'Tokyoに行く')).toBe(true);
    expect(keywordMatches('เชียงใหม่', 'ไปเชียงใหม่')).toBe(true);
    expect(keywordMatches('大阪', '東京に行きたい')).toBe(false);
    // The Latin scripts put spaces between words: there whole words still apply.
    expect(keywordMatches('x東', 'ax東')).toBe(false);
  });

  it('finds a Korean keyword that starts a word, with or without a particle after it', () => {
    expect(keywordMatches('서울', '서울 가고 싶어요')).toBe(true);
    expect(keywordMatches('서울', '서울에 가고 싶어요')).toBe(true);
    expect(keywordMatches('서울', '나는 서울은 처음이야')).toBe(true);
    expect(keywordMatches('서울 타워', '서울 타워에서 봐')).toBe(true);
    // Not inside another word, nor with Latin letters or digits glued on.
    expect(keywordMatches('울', '서울에 가고 싶어요')).toBe(false);
    expect(keywordMatches('서울', '서울2 가고 싶어요')).toBe(false);
    expect(keywordMatches('서울 타워', '서울에 타워')).toBe(false);
  });

  it('matches a keyword written with a combining accent against the composed form', () => {
    expect(keywordMatches('cafe\u0301', 'un café noir')).toBe(true);
  });

  it('matches a phrase across any whitespace, still as whole words', () => {
    expect(keywordMatches('New York', 'flew to new\nyork')).toBe(true);
    expect(keywordMatches('New York', 'New Yorkers')).toBe(false);
  });

  it('refuses a phrase whose words are all there but apart or out of order', () => {
    expect(keywordMatches('dark forest', 'The forest was dark.')).toBe(false);
    expect(keywordMatches('dark forest', 'A dark and old forest.')).toBe(false);
    expect(keywordMatches('dark forest', 'Into the dark  forest!')).toBe(true);
  });

  it('never matches a blank keyword', () => {
    expect(keywordMatches('  ', 'anything')).toBe(false);
  });
});

describe('scanWindow', () => {
  it('takes the last messages up to the depth, and nothing at depth 0', () => {
    expect(scanWindow(['a', 'b', 'c'], 2)).toBe('b\nc');
    expect(scanWindow(['a', 'b', 'c'], 10)).toBe('a\nb\nc');
    expect(scanWindow(['a', 'b'], 0)).toBe('');
  });
});

describe('scanLorebook', () => {
  it('fires an entry when any keyword is in the window and names the keyword that matched', () => {
    const e = entry({ name: 'Castle', keywords: ['fortress', 'castle'] });
    const result = scanLorebook(book([e]), ['we saw the Castle'], chars);
    expect(result.fired).toEqual([{ entry: e, keyword: 'castle', tokens: e.content.length }]);
  });

  it('scans only the last scanDepth messages', () => {
    const e = entry({ name: 'Old', keywords: ['ancient'] });
    expect(
      firedNames(scanLorebook(book([e], { scanDepth: 1 }), ['ancient', 'now'], chars)),
    ).toEqual([]);
    expect(
      firedNames(scanLorebook(book([e], { scanDepth: 2 }), ['ancient', 'now'], chars)),
    ).toEqual(['Old']);
  });

  it('never fires a disabled entry or one with empty content', () => {
    const off = entry({ name: 'Off', keywords: ['x'], enabled: false });
    const blank = entry({ name: 'Blank', keywords: ['x'], content: '   ' });
    expect(scanLorebook(book([off, blank]), ['x'], chars).fired).toEqual([]);
  });

  it('fires overlapping keywords of different entries both, and each entry once', () => {
    const dragon = entry({ name: 'Dragon', keywords: ['dragon', 'dragon king'] });
    const king = entry({ name: 'King', keywords: ['dragon king', 'king'] });
    const result = scanLorebook(book([dragon, king]), ['The Dragon King roars. A dragon!'], chars);
    expect(firedNames(result)).toEqual(['Dragon', 'King']);
    expect(result.fired.map((f) => f.keyword)).toEqual(['dragon', 'dragon king']);
  });

  it('keeps entries by priority within the budget and reports the ones left out', () => {
    const low = entry({ name: 'Low', keywords: ['x'], content: 'a'.repeat(40), priority: 10 });
    const high = entry({ name: 'High', keywords: ['x'], content: 'b'.repeat(40), priority: 200 });
    const mid = entry({ name: 'Mid', keywords: ['x'], content: 'c'.repeat(40), priority: 100 });
    const result = scanLorebook(book([low, high, mid], { tokenBudget: 85 }), ['x'], chars);
    expect(firedNames(result)).toEqual(['High', 'Mid']);
    expect(result.leftOutForBudget.map((m) => m.entry.name)).toEqual(['Low']);
  });

  it('lets a smaller entry in after a larger one overflowed the budget', () => {
    const big = entry({ name: 'Big', keywords: ['x'], content: 'a'.repeat(90), priority: 200 });
    const small = entry({ name: 'Small', keywords: ['x'], content: 'b'.repeat(20), priority: 100 });
    const result = scanLorebook(book([big, small], { tokenBudget: 50 }), ['x'], chars);
    expect(firedNames(result)).toEqual(['Small']);
    expect(result.leftOutForBudget.map((m) => m.entry.name)).toEqual(['Big']);
  });

  it('fits an entry exactly at the budget and refuses one token more', () => {
    const e = entry({ name: 'Exact', keywords: ['x'], content: 'a'.repeat(50) });
    expect(firedNames(scanLorebook(book([e], { tokenBudget: 50 }), ['x'], chars))).toEqual([
      'Exact',
    ]);
    expect(firedNames(scanLorebook(book([e], { tokenBudget: 49 }), ['x'], chars))).toEqual([]);
  });

  it('places fired entries by insertion order, lowest first, whatever their priority', () => {
    const late = entry({ name: 'Late', keywords: ['x'], insertionOrder: 300, priority: 500 });
    const early = entry({ name: 'Early', keywords: ['x'], insertionOrder: 1, priority: 1 });
    const middle = entry({ name: 'Middle', keywords: ['x'], insertionOrder: 100 });
    expect(firedNames(scanLorebook(book([late, early, middle]), ['x'], chars))).toEqual([
      'Early',
      'Middle',
      'Late',
    ]);
  });

  it('breaks priority ties by insertion order, then by book order, for the budget', () => {
    const a = entry({ name: 'A', keywords: ['x'], content: 'a'.repeat(30), insertionOrder: 5 });
    const b = entry({ name: 'B', keywords: ['x'], content: 'b'.repeat(30), insertionOrder: 1 });
    const c = entry({ name: 'C', keywords: ['x'], content: 'c'.repeat(30), insertionOrder: 5 });
    const result = scanLorebook(book([a, b, c], { tokenBudget: 60 }), ['x'], chars);
    expect(firedNames(result)).toEqual(['B', 'A']);
    expect(result.leftOutForBudget.map((m) => m.entry.name)).toEqual(['C']);
  });
});

describe('scanLorebooks', () => {
  it('fires an entry reached through two books once', () => {
    const shared = entry({ name: 'Shared', keywords: ['x'] });
    const result = scanLorebooks([book([shared]), book([shared])], ['x'], chars);
    expect(firedNames(result)).toEqual(['Shared']);
  });

  it('gives each book its own scan depth and budget', () => {
    const deep = entry({ name: 'Deep', keywords: ['old'], content: 'a'.repeat(30) });
    const shallow = entry({ name: 'Shallow', keywords: ['old'], content: 'b'.repeat(30) });
    const result = scanLorebooks(
      [book([deep], { scanDepth: 3, tokenBudget: 30 }), book([shallow], { scanDepth: 1 })],
      ['old', 'new', 'newer'],
      chars,
    );
    expect(firedNames(result)).toEqual(['Deep']);
  });

  it('scans a 100-entry book against 20 messages', () => {
    const entries = Array.from({ length: 100 }, (_, i) =>
      entry({ name: `E${i}`, keywords: [`word${i}`, `other${i}`], content: `Lore ${i}.` }),
    );
    const messages = Array.from({ length: 20 }, (_, i) => `message ${i} mentions word${i * 5}`);
    const result = scanLorebook(book(entries, { scanDepth: 20 }), messages, chars);
    expect(result.fired).toHaveLength(20);
  });
});

describe('entry settings', () => {
  const scan = (entries: ScanEntry[], text: string, over: Partial<ScanBook> = {}) =>
    firedNames(scanLorebook(book(entries, over), [text], chars, { random: () => 0.5 }));

  it('fires a constant entry with no keywords, even with nothing scanned, but never a disabled one', () => {
    const always = entry({ name: 'Always', keywords: [], constant: true });
    const off = entry({ name: 'Off', keywords: [], constant: true, enabled: false });
    expect(scan([always, off], 'anything')).toEqual(['Always']);
    expect(scan([always], '', { scanDepth: 0 })).toEqual(['Always']);
    expect(scanLorebook(book([always]), ['x'], chars).fired[0]?.keyword).toBeNull();
  });

  it('applies the secondary keywords by each logic once a primary keyword matched', () => {
    const make = (logic: ScanEntry['selectiveLogic']) =>
      entry({
        name: logic,
        keywords: ['castle'],
        secondaryKeywords: ['night', 'storm'],
        selectiveLogic: logic,
      });
    const all = (['and_any', 'and_all', 'not_any', 'not_all'] as const).map(make);
    expect(scan(all, 'the castle')).toEqual(['not_any', 'not_all']);
    expect(scan(all, 'the castle at night')).toEqual(['and_any', 'not_all']);
    expect(scan(all, 'the castle at night in a storm')).toEqual(['and_any', 'and_all']);
    expect(scan(all, 'night and storm, no keep')).toEqual([]);
  });

  it('matches case when asked, and inside words when whole words are off', () => {
    const cased = entry({ name: 'Cased', keywords: ['Rose'], caseSensitive: true });
    const inside = entry({ name: 'Inside', keywords: ['cat'], matchWholeWords: false });
    expect(scan([cased, inside], 'a rose and a concatenation')).toEqual(['Inside']);
    expect(scan([cased, inside], 'Rose sleeps')).toEqual(['Cased']);
    const casedInside = entry({
      name: 'Both',
      keywords: ['Cat'],
      caseSensitive: true,
      matchWholeWords: false,
    });
    expect(scan([casedInside], 'concatenate')).toEqual([]);
    expect(scan([casedInside], 'BigCatHouse')).toEqual(['Both']);
  });

  it('rolls for an entry under 100 % probability: a lost roll leaves it out and says so', () => {
    const maybe = entry({ name: 'Maybe', keywords: ['dice'], probability: 40 });
    const never = entry({ name: 'Never', keywords: ['dice'], probability: 0 });
    const sure = entry({ name: 'Sure', keywords: ['dice'], probability: 100 });
    const low = scanLorebook(book([maybe, never, sure]), ['dice'], chars, { random: () => 0.1 });
    expect(firedNames(low)).toEqual(['Maybe', 'Sure']);
    expect(low.leftOutByChance.map((m) => m.entry.name)).toEqual(['Never']);
    const high = scanLorebook(book([maybe, sure]), ['dice'], chars, { random: () => 0.99 });
    expect(firedNames(high)).toEqual(['Sure']);
    expect(high.leftOutByChance.map((m) => m.entry.name)).toEqual(['Maybe']);
  });

  it('scans fired content again when the book is recursive, with the recursion flags', () => {
    const king = entry({
      name: 'King',
      keywords: ['king'],
      content: 'The king lives in the castle.',
    });
    const castle = entry({
      name: 'Castle',
      keywords: ['castle'],
      content: 'The castle has a moat.',
    });
    const moat = entry({
      name: 'Moat',
      keywords: ['moat'],
      content: 'Eels swim in the moat.',
      excludeRecursion: true,
    });
    const eels = entry({
      name: 'Eels',
      keywords: ['eels'],
      content: 'Eels bite.',
      delayUntilRecursion: true,
    });
    expect(scan([king, castle, moat], 'the king')).toEqual(['King']);
    expect(scan([king, castle, moat], 'the king', { recursiveScanning: true })).toEqual([
      'King',
      'Castle',
    ]);
    // A delayed entry never fires from the messages alone.
    expect(scan([eels], 'eels', { recursiveScanning: true })).toEqual([]);
    const eelsNote = entry({ name: 'Note', keywords: ['pond'], content: 'Eels live here.' });
    expect(scan([eelsNote, eels], 'the pond', { recursiveScanning: true })).toEqual([
      'Note',
      'Eels',
    ]);
    const quiet = entry({ ...king, id: 'quiet', name: 'Quiet', preventRecursion: true });
    expect(scan([quiet, castle], 'the king', { recursiveScanning: true })).toEqual(['Quiet']);
  });

  it('stops recursion that would go on, after its pass limit', () => {
    // Each entry's content names the next one: a chain longer than the pass limit.
    const chain = Array.from({ length: 12 }, (_, i) =>
      entry({
        name: `L${String(i)}`,
        keywords: [`link${String(i)}`],
        content: `link${String(i + 1)}`,
      }),
    );
    const fired = scan(chain, 'link0', { recursiveScanning: true });
    expect(fired).toHaveLength(maxRecursionPasses + 1);
  });

  it('keeps each entry placement and depth for the prompt builder', () => {
    const deep = entry({ name: 'Deep', keywords: ['x'], placement: 'at_depth', depth: 2 });
    const [fired] = scanLorebook(book([deep]), ['x'], chars).fired;
    expect(fired?.entry).toMatchObject({ placement: 'at_depth', depth: 2 });
  });
});
