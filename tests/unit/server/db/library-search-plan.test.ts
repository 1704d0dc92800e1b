import { describe, expect, it } from 'vitest';
import { planPage, type LibraryFilter, type PageArgs } from '#server/db/library-search-plan';

const listed: LibraryFilter = {
  scope: { kind: 'listed' },
  creatorIds: null,
  text: null,
  tagIds: [],
  languages: [],
  tokenRanges: [],
  includeNsfw: false,
  includeGroups: true,
  excludeCreatorIds: [],
  excludeIds: [],
};

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

const aWord = { ...listed, text: 'dragon' };
const aTag = { ...listed, tagIds: [7] };

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

  it('counts the no-statistics library (nothing listed) as what it holds', () => {
    expect(planPage(args({ numListed: 0 })).count).toBe('gather');
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
