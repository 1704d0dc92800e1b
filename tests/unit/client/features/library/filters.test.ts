import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  emptyFilters,
  isPlainFirstPage,
  offeredTags,
  parseFilters,
  serialiseFilters,
  withChange,
} from '../../../../../client/features/library/filters';

describe('parseFilters and serialiseFilters', () => {
  it('round-trips every part of a listing', () => {
    const filters = {
      q: '@ann dragons',
      tags: ['Anime', 'Slice of life'],
      languages: ['es', 'en'],
      sizes: ['small' as const, 'large' as const],
      sort: 'top_rated' as const,
      page: 3,
    };
    expect(parseFilters(serialiseFilters(filters))).toEqual(filters);
  });

  it('leaves defaults out of the address', () => {
    expect(serialiseFilters(emptyFilters)).toBe('');
    expect(serialiseFilters({ ...emptyFilters, q: '  ' })).toBe('');
  });

  it('reads bad or unknown values as their defaults', () => {
    expect(parseFilters('?sort=random&page=-2&sizes=huge&languages=EN!&tags=')).toEqual(
      emptyFilters,
    );
    expect(parseFilters('?page=2.5').page).toBe(1);
    expect(parseFilters(`?q=${'x'.repeat(300)}`).q).toHaveLength(100);
    expect(parseFilters('?tags=a&tags=a&tags=b').tags).toEqual(['a', 'b']);
  });
});

describe('activeFilterCount', () => {
  it('counts tags, languages and sizes, not search or sort', () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
    expect(
      activeFilterCount({
        ...emptyFilters,
        q: 'x',
        sort: 'name',
        tags: ['a', 'b'],
        languages: ['es'],
        sizes: ['small'],
      }),
    ).toBe(4);
  });
});

describe('withChange', () => {
  it('goes back to page 1 unless the page itself changes', () => {
    const on3 = { ...emptyFilters, page: 3 };
    expect(withChange(on3, { sort: 'name' }).page).toBe(1);
    expect(withChange(on3, { page: 4 }).page).toBe(4);
  });
});

describe('isPlainFirstPage', () => {
  it('is true only without search, filters, custom sort or a later page', () => {
    expect(isPlainFirstPage(emptyFilters)).toBe(true);
    expect(isPlainFirstPage({ ...emptyFilters, page: 2 })).toBe(false);
    expect(isPlainFirstPage({ ...emptyFilters, q: 'a' })).toBe(false);
    expect(isPlainFirstPage({ ...emptyFilters, sort: 'latest' })).toBe(false);
    expect(isPlainFirstPage({ ...emptyFilters, tags: ['x'] })).toBe(false);
  });
});

describe('offeredTags', () => {
  const popular = ['Anime', 'NSFW', 'Fantasy', 'Step-Family'];

  it('leaves out the NSFW special tags while NSFW is not shown, as for a guest', () => {
    expect(offeredTags([], popular, false)).toEqual(['Anime', 'Fantasy']);
  });

  it('offers them when NSFW is shown', () => {
    expect(offeredTags([], popular, true)).toEqual(popular);
  });

  it('keeps a chosen tag first and once, even a special one, so it can be unticked', () => {
    expect(offeredTags(['NSFW', 'Fantasy'], popular, false)).toEqual(['NSFW', 'Fantasy', 'Anime']);
  });
});
