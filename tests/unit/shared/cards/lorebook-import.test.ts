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
import { defaultEntrySettings } from '#shared/rules/lorebook';
import { cardData, cardFixtureJson } from '../../../support/cards';

const lorebookFixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../../../shared/fixtures/lorebooks', name),
      'utf8',
    ),
  );

/** A book as the API gives it, to export. */
function loadedBook(over: Partial<Lorebook>): Lorebook {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'A book',
    description: 'A book',
    avatarUrl: '/uploads/lorebook-avatars/a.webp',
    tags: ['one', 'two'],
    creatorUsername: 'me',
    numEntries: 1,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    scanDepth: 4,
    tokenBudget: 500,
    recursiveScanning: false,
    isOwner: true,
    entries: [],
    ...over,
  };
}

function raw(over: Partial<RawLoreEntry> = {}): RawLoreEntry {
  return {
    name: 'An entry',
    keywords: ['key'],
    content: 'Some lore.',
    ...defaultEntrySettings(),
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
    const lorebook = loadedBook({
      name: 'Round trip',
      scanDepth: 6,
      tokenBudget: 300,
      entries: [
        {
          id: '00000000-0000-4000-8000-000000000002',
          name: 'Tower',
          keywords: ['tower', 'spire'],
          content: 'A tall tower.',
          ...defaultEntrySettings(),
          updatedAt: new Date(0).toISOString(),
        },
      ],
    });
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
      constant: true,
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
      raw({ keywords: [], constant: true }),
      raw({ content: 'ab' }),
      raw({ keywords: ['ok', 'y'.repeat(101)] }),
      raw({ keywords: [] }),
      raw({ secondaryKeywords: Array.from({ length: 13 }, (_, i) => `s${i}`) }),
      raw({ extensions: { big: 'z'.repeat(17 * 1024) } }),
    ]);
    expect(problems.map((p) => [p.path, p.message, p.fix])).toEqual([
      ['entries[1].content', '1234 characters, maximum is 1000', 'split'],
      ['entries[2].keywords', '15 keywords, maximum is 12 (the first 12 are kept)', 'trim'],
      ['entries[4].content', '2 characters, minimum is 3', 'skip'],
      ['entries[5].keywords', '1 over 100 characters, which are dropped', 'trim'],
      ['entries[6].keywords', 'entry has no keywords', 'skip'],
      [
        'entries[7].secondaryKeywords',
        '13 secondary keywords, maximum is 12 (the first 12 are kept)',
        'trim',
      ],
      [
        'entries[8].extensions',
        'Extensions must be 16 KB or less, without NUL characters; they are dropped',
        'trim',
      ],
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
    raw({ name: 'Constant', keywords: [], constant: true }),
    raw({ name: 'Keyless', keywords: [] }),
  ];

  it('skips every entry that does not fit when asked to skip; a constant entry needs no keywords', () => {
    const fitted = fitEntries(entries, 'skip');
    expect(fitted.entries.map((e) => e.name)).toEqual(['Fine', 'Constant']);
    expect(fitted.skipped).toBe(3);
  });

  it('splits long content into entries with the same keywords and keeps the first 12 keywords', () => {
    const fitted = fitEntries(entries, 'split');
    expect(fitted.entries.map((e) => e.name)).toEqual([
      'Fine',
      'Long (1/2)',
      'Long (2/2)',
      'Many',
      'Constant',
    ]);
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

  it('writes at most 100 entries and lists every one past them, split pieces by piece', () => {
    const many = Array.from({ length: 120 }, (_, i) => raw({ name: `Entry ${String(i)}` }));
    const fitted = fitEntries(many, 'skip');
    expect(fitted.entries).toHaveLength(100);
    expect(fitted.overLimit).toHaveLength(20);
    expect(fitted.overLimit[0]).toEqual({
      index: 100,
      entryName: 'Entry 100',
      path: 'entries[100]',
    });
    const long = 'A sentence of lore here. '.repeat(60).trim();
    const split = fitEntries([...many.slice(0, 99), raw({ name: 'Long', content: long })], 'split');
    expect(split.entries.at(-1)?.name).toBe('Long (1/2)');
    expect(split.overLimit).toEqual([{ index: 99, entryName: 'Long (2/2)', path: 'entries[99]' }]);
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

describe('entry settings on import and export', () => {
  it('reads the Eldoria world file: ST position 0 is before the definition, selective with no secondary keys', () => {
    const book = readLorebookFile(lorebookFixture('Eldoria.json'), 'Eldoria.json');
    expect(book.recursiveScanning).toBe(false);
    expect(book.entries[0]).toMatchObject({
      constant: false,
      secondaryKeywords: [],
      placement: 'before_char',
      depth: 4,
      probability: 100,
      caseSensitive: false,
      matchWholeWords: true,
    });
  });

  it('reads the Agnai book: V2 position 1 is after the definition, and its recursive_scanning', () => {
    const book = readLorebookFile(
      lorebookFixture('main_hogwarts-legacy-lore-b819ccba_agnai.json'),
      'hogwarts.json',
    );
    expect(book.entries[0]?.placement).toBe('after_char');
    expect(book.recursiveScanning).toBe(false);
  });

  it('reads every SillyTavern world-file setting by its own name', () => {
    const book = readLorebookFile({
      recursive_scanning: true,
      entries: {
        '0': {
          uid: 0,
          key: ['Keep'],
          keysecondary: ['night', 'storm'],
          selective: true,
          selectiveLogic: 3,
          constant: true,
          content: 'The keep.',
          position: 4,
          depth: 2,
          probability: 35,
          useProbability: true,
          caseSensitive: true,
          matchWholeWords: false,
          excludeRecursion: true,
          preventRecursion: true,
          delayUntilRecursion: true,
          extensions: { custom: { a: 1 } },
        },
        '1': {
          uid: 1,
          key: ['x'],
          content: 'Author note.',
          position: 2,
          probability: 10,
          useProbability: false,
        },
        '2': { uid: 2, key: ['y'], keysecondary: ['z'], selective: false, content: 'Plain.' },
      },
    });
    expect(book.recursiveScanning).toBe(true);
    expect(book.entries[0]).toMatchObject({
      keywords: ['Keep'],
      secondaryKeywords: ['night', 'storm'],
      selectiveLogic: 'and_all',
      constant: true,
      placement: 'at_depth',
      depth: 2,
      probability: 35,
      caseSensitive: true,
      matchWholeWords: false,
      excludeRecursion: true,
      preventRecursion: true,
      delayUntilRecursion: true,
      extensions: { custom: { a: 1 } },
    });
    // A place we do not have goes before the definition; its raw value stays for export.
    expect(book.entries[1]).toMatchObject({
      placement: 'before_char',
      probability: 100,
      extensions: { position: 2 },
    });
    expect(book.entries[2]?.secondaryKeywords).toEqual([]);
  });

  it('reads a V2 card book with its settings in extensions, as SillyTavern writes them', () => {
    const book = readLorebookFile({
      spec: 'chara_card_v2',
      data: {
        name: 'Card',
        first_mes: 'Hi',
        character_book: {
          entries: [
            {
              keys: ['moon'],
              secondary_keys: 'tide, night',
              selective: true,
              content: 'The moon.',
              position: 'before_char',
              case_sensitive: false,
              extensions: { position: 1, selectiveLogic: 2, match_whole_words: false, depth: 9 },
            },
          ],
        },
      },
    });
    expect(book.entries[0]).toMatchObject({
      secondaryKeywords: ['tide', 'night'],
      selectiveLogic: 'not_any',
      placement: 'after_char',
      matchWholeWords: false,
      depth: 9,
    });
  });

  it('exports real values and reads every setting and extension back', () => {
    const fields = {
      name: 'Keep',
      keywords: ['keep'],
      content: 'The keep is old.',
      ...defaultEntrySettings(),
      constant: true,
      secondaryKeywords: ['night'],
      selectiveLogic: 'not_all' as const,
      caseSensitive: true,
      matchWholeWords: false,
      probability: 60,
      placement: 'at_depth' as const,
      depth: 3,
      excludeRecursion: true,
      preventRecursion: false,
      delayUntilRecursion: true,
    };
    const extensions = { 'other/tool': { kept: [1, 2] } };
    const entry = {
      ...fields,
      id: '00000000-0000-4000-8000-000000000003',
      extensions,
      updatedAt: new Date(0).toISOString(),
    };
    const book = loadedBook({ recursiveScanning: true, entries: [entry] });
    const exported = exportLorebook(book);
    expect(exported.data.recursive_scanning).toBe(true);
    expect(exported.data.entries[0]).toMatchObject({
      constant: true,
      selective: true,
      secondary_keys: ['night'],
      case_sensitive: true,
      probability: 60,
      position: 'before_char',
      extensions: { position: 4, depth: 3, selectiveLogic: 1, 'other/tool': { kept: [1, 2] } },
    });
    const back = readLorebookFile(JSON.parse(JSON.stringify(exported)));
    expect(back.recursiveScanning).toBe(true);
    expect(back.entries[0]).toMatchObject(fields);
    expect(back.entries[0]?.extensions).toMatchObject(extensions);
  });
});
