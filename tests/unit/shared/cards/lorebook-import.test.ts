import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportLorebook } from '#shared/cards/lorebook-export';
import {
  LorebookImportError,
  fitEntries,
  fitProblems,
  readLorebookFile,
  splitAtSentences,
  suggestedDescription,
  suggestedName,
  type RawLoreEntry,
} from '#shared/cards/lorebook-import';
import type { Lorebook } from '#shared/schemas/lorebook';
import { cardData, cardFixtureJson } from '../../../support/cards';

const lorebookFixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../../../shared/fixtures/lorebooks', name),
      'utf8',
    ),
  );

function raw(over: Partial<RawLoreEntry> = {}): RawLoreEntry {
  return {
    name: 'An entry',
    keywords: ['key'],
    content: 'Some lore.',
    priority: 100,
    insertionOrder: 100,
    enabled: true,
    isConstant: false,
    ...over,
  };
}

function failure(fn: () => unknown): LorebookImportError {
  try {
    fn();
  } catch (err) {
    if (err instanceof LorebookImportError) return err;
    throw err;
  }
  throw new Error('expected a LorebookImportError');
}

describe('readLorebookFile', () => {
  it('reads a SillyTavern world file by its shape, its name from the file name', () => {
    const book = readLorebookFile(lorebookFixture('Eldoria.json'), 'Eldoria.json');
    expect(book.format).toBe('sillytavern');
    expect(book.name).toBe('Eldoria');
    expect(book.entries.map((e) => e.name)).toEqual(['eldoria', 'shadowfang', 'glade', 'power']);
    expect(book.entries[0]?.keywords).toEqual(['eldoria', 'wood', 'forest', 'magical forest']);
    expect(book.entries[0]?.content.length).toBe(1551);
  });

  it('reads a chub Agnai download with its book settings', () => {
    const book = readLorebookFile(
      lorebookFixture('main_hogwarts-legacy-lore-b819ccba_agnai.json'),
      'x.json',
    );
    expect(book.format).toBe('agnai');
    expect(book.entries).toHaveLength(4);
    expect(book.entries[0]?.keywords).toEqual(['Hogwarts', 'castle']);
  });

  it("reads a character card's embedded book, and refuses a card without one", () => {
    const card = cardFixtureJson('minimal_v2.json');
    const withBook = {
      ...card,
      data: {
        ...cardData(card),
        character_book: {
          name: 'Card lore',
          entries: [
            {
              keys: ['moon'],
              content: 'The moon is red.',
              extensions: {},
              enabled: true,
              insertion_order: 5,
            },
          ],
        },
      },
    };
    const book = readLorebookFile(withBook);
    expect(book.format).toBe('card');
    expect(book.name).toBe('Card lore');
    expect(book.entries[0]).toMatchObject({ keywords: ['moon'], insertionOrder: 5 });
    expect(failure(() => readLorebookFile(card)).field).toBe('data.character_book');
  });

  it('reads our own export back, whatever its spec says', () => {
    const lorebook: Lorebook = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Round trip',
      description: 'A book',
      avatarUrl: '/uploads/lorebook-avatars/a.webp',
      tags: ['one', 'two'],
      creatorUsername: 'me',
      numEntries: 1,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      scanDepth: 6,
      tokenBudget: 300,
      isOwner: true,
      entries: [
        {
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Tower',
          keywords: ['tower', 'spire'],
          content: 'A tall tower.',
          priority: 100,
          insertionOrder: 100,
          enabled: true,
          updatedAt: new Date(0).toISOString(),
        },
      ],
    };
    const exported = exportLorebook(lorebook);
    expect(exported.data.entries[0]).toMatchObject({
      keys: ['tower', 'spire'],
      priority: 100,
      insertion_order: 100,
      probability: 100,
      enabled: true,
      extensions: { probability: 100 },
    });
    const back = readLorebookFile(JSON.parse(JSON.stringify({ ...exported, spec: 'other' })));
    expect(back).toMatchObject({
      format: 'character_book',
      name: 'Round trip',
      description: 'A book',
      scanDepth: 6,
      tokenBudget: 300,
      tags: ['one', 'two'],
    });
    expect(back.entries[0]).toMatchObject({ name: 'Tower', keywords: ['tower', 'spire'] });
  });

  it('reads a RisuAI export with comma-separated keys and a NovelAI book', () => {
    const risu = readLorebookFile(
      { type: 'risu', ver: 1, data: [{ key: 'a, b ,, c', comment: 'Risu', content: 'Lore.' }] },
      'risu.json',
    );
    expect(risu.entries[0]?.keywords).toEqual(['a', 'b', 'c']);
    const novel = readLorebookFile({
      lorebookVersion: 6,
      entries: [{ displayName: 'Novel', keys: ['n'], text: 'Novel lore.', forceActivation: true }],
    });
    expect(novel.entries[0]).toMatchObject({
      name: 'Novel',
      content: 'Novel lore.',
      isConstant: true,
    });
  });

  it('maps ST disable to enabled and order to insertion order', () => {
    const book = readLorebookFile({
      entries: { '0': { uid: 0, key: ['k'], content: 'Lore.', disable: true, order: 7 } },
    });
    expect(book.entries[0]).toMatchObject({ enabled: false, insertionOrder: 7 });
  });

  it('refuses what is not a lorebook, naming the field', () => {
    expect(failure(() => readLorebookFile([])).field).toBe('file');
    expect(failure(() => readLorebookFile({ hello: 1 })).field).toBe('entries');
    expect(failure(() => readLorebookFile({ entries: [1] })).field).toBe('entries[0]');
  });
});

describe('fitProblems', () => {
  it('reports every failing entry with its path and the limit', () => {
    const problems = fitProblems([
      raw(),
      raw({ content: 'x'.repeat(1234) }),
      raw({ keywords: Array.from({ length: 15 }, (_, i) => `k${i}`) }),
      raw({ keywords: [], isConstant: true }),
      raw({ content: 'ab' }),
      raw({ keywords: ['ok', 'y'.repeat(101)] }),
    ]);
    expect(problems.map((p) => [p.path, p.message, p.fix])).toEqual([
      ['entries[1].content', '1234 characters, maximum is 1000', 'split'],
      ['entries[2].keywords', '15 keywords, maximum is 12 (the first 12 are kept)', 'trim'],
      ['entries[3].keywords', 'constant entry has no keywords', 'skip'],
      ['entries[4].content', '2 characters, minimum is 3', 'skip'],
      ['entries[5].keywords', '1 keyword(s) over 100 characters, which are dropped', 'trim'],
    ]);
  });

  it('counts characters as code points, so emoji and CJK are not counted twice', () => {
    expect(fitProblems([raw({ content: '😀'.repeat(1000) })])).toEqual([]);
  });
});

describe('splitAtSentences', () => {
  it('splits at sentence ends into pieces within the limit, losing no text', () => {
    const sentence = 'The forest is old and full of whispers. ';
    const text = sentence.repeat(60).trim();
    const pieces = splitAtSentences(text, 1000);
    expect(pieces.length).toBe(3);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(1000);
      expect(p.endsWith('.')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('cuts a single sentence longer than the limit at a space', () => {
    const pieces = splitAtSentences(`${'word '.repeat(300).trim()}.`, 1000);
    expect(pieces.every((p) => p.length <= 1000)).toBe(true);
    expect(pieces.join(' ')).toBe(`${'word '.repeat(300).trim()}.`);
  });
});

describe('fitEntries', () => {
  const entries = [
    raw({ name: 'Fine' }),
    raw({ name: 'Long', content: 'A sentence of lore here. '.repeat(60).trim() }),
    raw({ name: 'Many', keywords: Array.from({ length: 14 }, (_, i) => `k${i}`) }),
    raw({ name: 'Constant', keywords: [], isConstant: true }),
  ];

  it('skips every entry that does not fit when asked to skip', () => {
    const fitted = fitEntries(entries, 'skip');
    expect(fitted.entries.map((e) => e.name)).toEqual(['Fine']);
    expect(fitted.skipped).toBe(3);
  });

  it('splits long content into entries with the same keywords and keeps the first 12 keywords', () => {
    const fitted = fitEntries(entries, 'split');
    expect(fitted.entries.map((e) => e.name)).toEqual(['Fine', 'Long (1/2)', 'Long (2/2)', 'Many']);
    expect(fitted.entries[1]?.keywords).toEqual(['key']);
    expect(fitted.entries[2]?.keywords).toEqual(['key']);
    expect(fitted.entries[3]?.keywords).toHaveLength(12);
    expect(fitted.skipped).toBe(1);
  });

  it('splits the Eldoria fixture so every entry fits', () => {
    const book = readLorebookFile(lorebookFixture('Eldoria.json'), 'Eldoria.json');
    const fitted = fitEntries(book.entries, 'split');
    expect(fitted.entries.map((e) => e.name)).toEqual([
      'eldoria (1/2)',
      'eldoria (2/2)',
      'shadowfang',
      'glade',
      'power',
    ]);
    expect(fitted.entries.every((e) => e.content.length <= 1000)).toBe(true);
  });

  it('derives a name for an entry whose name is too short', () => {
    const fitted = fitEntries([raw({ name: '0', keywords: ['Tower'] })], 'skip');
    expect(fitted.entries[0]?.name).toBe('Entry 1: Tower');
  });

  it('keeps at most 100 entries', () => {
    const many = Array.from({ length: 120 }, () => raw());
    const fitted = fitEntries(many, 'skip');
    expect(fitted.entries).toHaveLength(100);
    expect(fitted.overLimit).toBe(20);
  });
});

describe('suggested name and description', () => {
  it('cuts a long name to 25 characters and leaves a too-short one for the user', () => {
    expect(suggestedName('A very long lorebook name indeed')).toBe('A very long lorebook name');
    expect(suggestedName('ab')).toBe('');
  });

  it('cuts a paragraph description to 100 characters at a word', () => {
    const d = suggestedDescription('word '.repeat(50));
    expect(Array.from(d).length).toBeLessThanOrEqual(100);
    expect(d.endsWith('…')).toBe(true);
  });
});
