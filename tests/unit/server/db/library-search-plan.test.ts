import { describe, expect, it } from 'vitest';
import {
  filterWithStatistics,
  planPage,
  planSearch,
  searchPageArgs,
  type Frequencies,
  type LibrarySearch,
  type PageArgs,
  type SearchCaller,
} from '#server/db/library-search-plan';
import { LibraryQuerySchema, type LibraryQueryInput } from '#shared/api/library';

const guest: SearchCaller = {
  userId: null,
  includeNsfw: false,
  isGroupchatOn: true,
  blockedCreatorIds: [],
};
const member: SearchCaller = {
  userId: 'member-1',
  includeNsfw: true,
  isGroupchatOn: true,
  blockedCreatorIds: ['blocked-1'],
};

function searchOf(query: LibraryQueryInput, caller: SearchCaller = guest): LibrarySearch | null {
  return planSearch(LibraryQuerySchema.parse(query), caller);
}

function search(query: LibraryQueryInput, caller: SearchCaller = guest): LibrarySearch {
  const planned = searchOf(query, caller);
  if (planned === null) throw new Error('the query can match nothing');
  return planned;
}

/** The whole listed library, as a guest's home page filters it. */
const listed = search({}).filter;
const aWord = { ...listed, text: 'dragon' };
const aTag = { ...listed, tagIds: [7] };

describe('planSearch', () => {
  it('plans nothing for a query that can match nothing', () => {
    // Pages of 24: page 42 starts at 984, below the cap of 1,000; page 43 at 1,008.
    expect(searchOf({ page: 42 })).not.toBeNull();
    expect(searchOf({ page: 43 })).toBeNull();
    expect(searchOf({ scope: 'favorites' })).toBeNull();
    expect(searchOf({ scope: 'recommended' })).toBeNull();
    expect(searchOf({ tags: ['NSFW'] })).toBeNull();
    expect(searchOf({ tags: ['NSFW'], nsfw: 'true' }, member)).not.toBeNull();
  });

  it("lists the public library, or a member's favorites or recommendations", () => {
    expect(search({ scope: 'favorites' }, member)).toMatchObject({
      filter: { scope: { kind: 'favorites', userId: 'member-1' } },
      recommendFor: null,
    });
    expect(search({ scope: 'recommended' }, member)).toMatchObject({
      filter: { scope: { kind: 'listed' } },
      recommendFor: 'member-1',
    });
    expect(search({ scope: 'all' }, member).filter.scope).toEqual({ kind: 'listed' });
  });

  it('reads a leading @ as a creator, which a creator page overrides', () => {
    expect(search({ q: '@Alice' })).toMatchObject({ creator: 'alice', text: null });
    expect(search({ q: '@alice', scope: 'creator', creator: 'bob' })).toMatchObject({
      creator: 'bob',
      text: null,
    });
    expect(search({ q: ' dragon ' })).toMatchObject({ creator: null, text: 'dragon' });
    expect(search({ scope: 'creator', creator: 'bob', q: 'dragon' })).toMatchObject({
      creator: 'bob',
      text: 'dragon',
    });
  });

  it('reads the name-prefix tier beside the statistics, after them when tags need ids', () => {
    expect(search({ q: 'ari' }).prefixTier).toBe('beside-statistics');
    expect(search({ q: 'ari', tags: ['Anime'] }).prefixTier).toBe('after-statistics');
    expect(search({ tags: ['Anime'] }).prefixTier).toBe('none');
    expect(search({ q: 'ari', scope: 'recommended' }, member).prefixTier).toBe('none');
  });

  it("filters by the query and the caller's limits, leaving creators, words and tags for later", () => {
    const planned = search({ languages: ['es'], sizes: ['small', 'large'], nsfw: 'true' }, member);
    expect(planned.filter).toEqual({
      scope: { kind: 'listed' },
      creatorIds: null,
      text: null,
      tagIds: [],
      languages: ['es'],
      tokenRanges: [
        expect.objectContaining({ min: 0, max: 499 }),
        expect.objectContaining({ min: 1500, max: null }),
      ],
      includeNsfw: true,
      includeGroups: true,
      excludeCreatorIds: ['blocked-1'],
      excludeIds: [],
    });
    expect(planned).toMatchObject({ offset: 0, limit: 24, countCap: 1_000, sort: 'trending' });
    expect(search({ page: 3, pageSize: 10, sort: 'name' })).toMatchObject({
      offset: 20,
      limit: 10,
      sort: 'name',
    });
  });

  it('leaves groups out for the group member picker and while the groupchat flag is off', () => {
    expect(search({}).filter.includeGroups).toBe(true);
    expect(search({ chatbotsOnly: 'true' }).filter.includeGroups).toBe(false);
    expect(search({}, { ...guest, isGroupchatOn: false }).filter.includeGroups).toBe(false);
  });
});

/** Statistics of a 1,000,000 library in 100 buckets of 10,000, first in the sort's order first. */
function stats(extra: Partial<Frequencies> = {}): Frequencies {
  return {
    numListed: 1_000_000,
    wordDocs: [],
    tags: [],
    buckets: Array.from({ length: 100 }, (_, i) => ({ code: 10_000_099 - i, ndoc: 10_000 })),
    ...extra,
  };
}

describe('filterWithStatistics', () => {
  const anime = { id: 7, name: 'Anime', numListed: 100_000 };

  it('matches nothing when a tag asked for does not exist', () => {
    const twoTags = search({ tags: ['Anime', 'Nowhere'] });
    expect(filterWithStatistics(twoTags, null, stats({ tags: [anime] }))).toBeNull();
    const sameTagTwice = search({ tags: ['Anime', 'Anime'] });
    expect(filterWithStatistics(sameTagTwice, null, stats({ tags: [anime] }))?.tagIds).toEqual([7]);
  });

  it('adds the creators, the tag ids and the text when the index keeps a word of it', () => {
    const asked = search({ q: 'dragon', tags: ['Anime'] });
    expect(
      filterWithStatistics(asked, ['creator-1'], stats({ tags: [anime], wordDocs: [0] })),
    ).toMatchObject({ creatorIds: ['creator-1'], tagIds: [7], text: 'dragon' });
    // Punctuation alone: no word to match, only names to start with it.
    expect(filterWithStatistics(search({ q: '!!' }), null, stats())?.text).toBeNull();
  });
});

describe('searchPageArgs', () => {
  const mid = search({ q: 'dragon knight' });

  it('expects the product of the words’ and tags’ shares, and narrows the read by it', () => {
    const freq = stats({ wordDocs: [200_000, 250_000] });
    const args = searchPageArgs(mid, freq, aWord, [], freq.wordDocs);
    // 50,000 expected: one in 20 rows; 24 need 480, three times that is 1,440 (the first bucket).
    expect(args).toMatchObject({
      expected: 50_000,
      numListed: 1_000_000,
      isExpectedExact: false,
      head: 1_440,
      bound: [10_000_099],
      offset: 0,
      limit: 24,
      countCap: 1_000,
    });
  });

  it('does not narrow by the sort when languages, sizes or creators filter too', () => {
    const freq = stats({ wordDocs: [200_000, 250_000] });
    for (const filter of [
      { ...aWord, languages: ['es'] },
      { ...aWord, tokenRanges: [{ min: 0, max: 499 }] },
      { ...aWord, creatorIds: ['creator-1'] },
    ]) {
      expect(searchPageArgs(mid, freq, filter, [], freq.wordDocs)).toMatchObject({
        expected: 50_000,
        head: null,
        bound: null,
      });
    }
  });

  it('takes the expectation as exact for one word or one tag and no other filter', () => {
    const oneWord = stats({ wordDocs: [5_000] });
    expect(searchPageArgs(mid, oneWord, aWord, [], [5_000]).isExpectedExact).toBe(true);
    const oneTag = stats({ tags: [{ id: 7, name: 'Anime', numListed: 5_000 }] });
    expect(searchPageArgs(mid, oneTag, aTag, [], []).isExpectedExact).toBe(true);
    const es = { ...aWord, languages: ['es'] };
    expect(searchPageArgs(mid, oneWord, es, [], [5_000]).isExpectedExact).toBe(false);
  });

  it('plans the retry of a typo by the corrected words, keeping the leading ids it is given', () => {
    const typed = stats({ wordDocs: [0] });
    expect(searchPageArgs(mid, typed, aWord, ['lead'], [0])).toMatchObject({
      expected: 0,
      leading: ['lead'],
      head: null,
      bound: null,
    });
    const retry = searchPageArgs(mid, typed, { ...aWord, text: 'dragon' }, [], [100_000]);
    expect(retry).toMatchObject({ expected: 100_000, leading: [], head: 720 });
    expect(retry.isExpectedExact).toBe(true);
  });
});

/** A first page of 24 in a library of 1,000,000, counted up to 1,000. */
function args(extra: Partial<PageArgs> = {}): PageArgs {
  return {
    filter: listed,
    sort: 'trending',
    offset: 0,
    limit: 24,
    countCap: 1_000,
    expected: null,
    numListed: 1_000_000,
    leading: [],
    ...extra,
  };
}

describe('planPage: the read of all matches', () => {
  it('walks the sort index unbounded when every listed bot may match or many are expected', () => {
    expect(planPage(args()).read).toBe('walk');
    expect(planPage(args({ filter: aWord, expected: 500_000 })).read).toBe('walk');
  });

  it('gives a walk of few expected matches a budget, then the gather', () => {
    // Half of a 10,000 library expected: a walk of about 48 rows, given a budget below 5,000 matches.
    expect(planPage(args({ filter: aWord, expected: 4_999, numListed: 10_000 })).read).toBe(
      'walk-then-gather',
    );
    expect(planPage(args({ filter: aWord, expected: 5_000, numListed: 10_000 })).read).toBe('walk');
  });

  it('gathers the matches when they are few (the rare-term trap)', () => {
    expect(planPage(args({ filter: aWord, expected: 50 })).read).toBe('gather');
  });

  it("leaves favorites to PostgreSQL's own plan, whatever is expected", () => {
    const favorites = { ...aWord, scope: { kind: 'favorites' as const, userId: 'u' } };
    for (const expected of [null, 50, 500_000]) {
      expect(planPage(args({ filter: favorites, expected }))).toMatchObject({
        read: 'planner',
        count: 'planner',
        head: null,
        bound: null,
      });
    }
  });
});

describe('planPage: the count', () => {
  it('lets the expectation stand in when it is past twice the cap under a walk', () => {
    expect(planPage(args()).count).toBe('expectation');
    expect(planPage(args({ filter: aWord, expected: 2_000 })).count).toBe('gather');
    expect(planPage(args({ filter: aWord, expected: 60_000 })).count).toBe('expectation');
  });

  it('counts up to twenty times the cap under a gather, twice for an exact expectation', () => {
    // 10,000 expected at offset 960: a gather, and counted.
    const deep = { filter: aWord, expected: 10_000, offset: 960 };
    expect(planPage(args(deep)).read).toBe('gather');
    expect(planPage(args(deep)).count).toBe('gather');
    expect(planPage(args({ ...deep, isExpectedExact: true })).count).toBe('expectation');
  });

  it('counts a library without statistics (recommendation pools) by gathering', () => {
    expect(planPage(args({ numListed: 0 }))).toMatchObject({ read: 'walk', count: 'gather' });
  });

  it("counts a search by tags alone in its least used tag's entries", () => {
    expect(planPage(args({ filter: aTag, expected: 300 })).count).toBe('tag-entries');
    expect(planPage(args({ filter: { ...aTag, text: 'dragon' }, expected: 300 })).count).toBe(
      'gather',
    );
    expect(
      planPage(args({ filter: { ...aTag, scope: { kind: 'favorites', userId: 'u' } } })).count,
    ).toBe('planner');
  });
});

describe('planPage: the leading ids and the narrowed reads', () => {
  it('puts the leading ids on the page first and reads the rest after them', () => {
    const leading = ['a', 'b', 'c'];
    expect(planPage(args({ leading, limit: 2 }))).toMatchObject({
      leadingOnPage: ['a', 'b'],
      restOffset: 0,
      restLimit: 0,
    });
    expect(planPage(args({ leading, offset: 2, limit: 2 }))).toMatchObject({
      leadingOnPage: ['c'],
      restOffset: 0,
      restLimit: 1,
    });
    expect(planPage(args({ leading, offset: 4, limit: 2 }))).toMatchObject({
      leadingOnPage: [],
      restOffset: 1,
      restLimit: 2,
    });
  });

  it('tries the head walk and the bound it is given, only when the page has room for them', () => {
    const narrowed = { filter: aWord, expected: 50_000, head: 720, bound: [20_000_099] };
    expect(planPage(args(narrowed))).toMatchObject({ head: 720, bound: [20_000_099] });
    expect(planPage(args({ ...narrowed, leading: ['a'], limit: 1 }))).toMatchObject({
      head: null,
      bound: null,
    });
    expect(planPage(args({ filter: aWord, expected: 50_000 }))).toMatchObject({
      head: null,
      bound: null,
    });
  });
});
