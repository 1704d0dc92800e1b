import { describe, expect, it } from 'vitest';
import {
  boundCodes,
  choosePlan,
  expectedMatches,
  headRows,
} from '#server/db/repositories/library.repo';

describe('expectedMatches', () => {
  const freq = (numListed: number) => ({ numListed, wordDocs: [], tags: [], buckets: [] });

  it('is null without a selective word or tag (every listed bot may match)', () => {
    expect(expectedMatches(freq(1_000_000), [])).toBeNull();
    expect(expectedMatches(freq(0), [])).toBeNull();
  });

  it('multiplies the shares of independent words and tags', () => {
    expect(expectedMatches(freq(1_000_000), [10_000])).toBe(10_000);
    expect(expectedMatches(freq(1_000_000), [100_000, 10_000])).toBeCloseTo(1_000);
    expect(expectedMatches(freq(1_000_000), [0])).toBe(0);
  });

  it('expects nothing when statistics were never gathered', () => {
    expect(expectedMatches(freq(0), [5])).toBe(0);
  });
});

describe('choosePlan', () => {
  it('walks the sort index when matches are plenty or unknown', () => {
    expect(choosePlan(null, 1_000_000, 0, 24)).toBe('walk');
    expect(choosePlan(500_000, 1_000_000, 0, 24)).toBe('walk');
  });

  it('gathers the matches when they are few (the rare-term trap) or statistics are missing', () => {
    expect(choosePlan(50, 1_000_000, 0, 24)).toBe('gather');
    expect(choosePlan(2_000, 1_000_000, 0, 24)).toBe('gather');
    expect(choosePlan(10, 0, 0, 24)).toBe('gather');
  });

  it('gathers sooner for deep pages, whose walk is longer', () => {
    expect(choosePlan(10_000, 1_000_000, 0, 24)).toBe('walk');
    expect(choosePlan(10_000, 1_000_000, 960, 24)).toBe('gather');
  });
});

describe('boundCodes', () => {
  // 1,000,000 listed in 100 buckets of 10,000, first in the sort's order first.
  const buckets = Array.from({ length: 100 }, (_, i) => ({ code: 20_000_099 - i, ndoc: 10_000 }));

  it('takes the first buckets that should hold three times the matches the page needs', () => {
    // 5,000 matches: one in 200 rows; 72 matches need 14,400 rows, two buckets.
    expect(boundCodes(buckets, 5_000, 1_000_000, 24)).toEqual([20_000_099, 20_000_098]);
    // 50,000 matches: 1,440 rows, the first bucket.
    expect(boundCodes(buckets, 50_000, 1_000_000, 24)).toEqual([20_000_099]);
  });

  it('needs more buckets for a deeper page', () => {
    expect(boundCodes(buckets, 5_000, 1_000_000, 48)).toHaveLength(3);
  });

  it('does not bound when the bound would keep a quarter of the library or more', () => {
    expect(boundCodes(buckets, 200, 1_000_000, 24)).toBeNull();
    expect(boundCodes(buckets, 5_000, 1_000_000, 480)).toBeNull();
  });

  it('does not bound without an expectation or statistics', () => {
    expect(boundCodes(buckets, null, 1_000_000, 24)).toBeNull();
    expect(boundCodes(buckets, 0, 1_000_000, 24)).toBeNull();
    expect(boundCodes([], 5_000, 1_000_000, 24)).toBeNull();
    expect(boundCodes(buckets, 5_000, 0, 24)).toBeNull();
  });

  it('does not bound when the buckets counted hold fewer rows than the target', () => {
    expect(boundCodes(buckets.slice(0, 1), 5_000, 1_000_000, 24)).toBeNull();
  });
});

describe('headRows', () => {
  it('walks three times the rows expected to hold the page when matches are plenty', () => {
    // 100,000 matches in 1,000,000: one in 10; 24 need 240 rows, three times that is 720.
    expect(headRows(100_000, 1_000_000, 24, 100_000)).toBe(720);
    // A deeper page needs a longer walk.
    expect(headRows(100_000, 1_000_000, 48, 100_000)).toBe(1_440);
  });

  it('walks when the walk costs less than decoding the posting lists (100 entries a row)', () => {
    // Words in 200,000 and 50,000: 10,000 matches, 2,400 rows walked against 250,000 entries.
    expect(headRows(10_000, 1_000_000, 24, 250_000)).toBe(7_200);
    expect(headRows(10_000, 1_000_000, 24, 200_000)).toBeNull();
    // A word in 5,000: 4,800 rows walked against 5,000 entries.
    expect(headRows(5_000, 1_000_000, 24, 5_000)).toBeNull();
    // A frequent word with a mid-frequency one: 500 matches, 48,000 rows.
    expect(headRows(500, 1_000_000, 24, 105_000)).toBeNull();
  });

  it('does not walk more than 10,000 rows (its cost when the words rarely meet after all)', () => {
    expect(headRows(7_200, 1_000_000, 24, 1_000_000)).toBe(10_000);
    expect(headRows(7_000, 1_000_000, 24, 1_000_000)).toBeNull();
    expect(headRows(100_000, 1_000_000, 480, 1_000_000)).toBeNull();
  });

  it('does not walk without an expectation or statistics', () => {
    expect(headRows(null, 1_000_000, 24, 100_000)).toBeNull();
    expect(headRows(0, 1_000_000, 24, 100_000)).toBeNull();
    expect(headRows(100_000, 0, 24, 100_000)).toBeNull();
  });
});
