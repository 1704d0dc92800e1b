/**
 * The library search's plan (issue 10 part 2, issue 24): which index a page is read through and how
 * its matches are counted, as pure functions of the search statistics, so each choice is unit-tested
 * and repositories/library-search.repo.ts only runs what is chosen here. docs/performance.md trap 6:
 * a full-text match ordered by a sort and limited either walks the sort's index until enough rows
 * match (fast when many match, seconds when few do) or gathers every match through the GIN index and
 * sorts them (fast when few match, slow when many do). The planner guesses wrong for rare terms, so the
 * plan is chosen here from the terms' and tags' document frequencies (search_term_stats,
 * tags.num_listed, refreshed by the maintenance queue): walk when (offset + limit) · N / matches <
 * matches, gather otherwise.
 */

/** Which index a listed page is read through: the sort's (walk) or the matches' (gather). */
export type Plan = 'walk' | 'gather';

/** Document frequencies: listed characters, and per search word and per tag how many carry it. */
export interface Frequencies {
  numListed: number;
  /** One entry per word of the text (0 for words too rare to be counted). */
  wordDocs: number[];
  tags: { name: string; id: number; numListed: number }[];
  /** The sort's buckets (search_sort_buckets), first in the sort's order first. */
  buckets: SortBucket[];
}

/**
 * One sort bucket of listed_sort_codes (migrations/202611290300): its code and how many listed
 * characters it held at the last statistics refresh.
 */
export interface SortBucket {
  code: number;
  ndoc: number;
}

/** Matches expected in the first buckets, per row the page needs. */
const boundMargin = 3;

/**
 * The first buckets of the sort that are expected to hold boundMargin times the matches the page
 * needs, or null when a bound would not narrow the search much (few matches expected, a deep page)
 * or nothing is known. Every row outside them sorts after every row inside, so when they hold
 * `needed` matches, the page read from them alone is the page.
 */
export function boundCodes(
  buckets: readonly SortBucket[],
  expected: number | null,
  numListed: number,
  needed: number,
): number[] | null {
  if (expected === null || expected <= 0 || numListed <= 0 || buckets.length === 0) return null;
  const target = (numListed * boundMargin * needed) / expected;
  if (target >= numListed / 4) return null;
  const codes: number[] = [];
  let held = 0;
  for (const bucket of buckets) {
    codes.push(bucket.code);
    held += bucket.ndoc;
    if (held >= target) return codes.length > 256 ? null : codes;
  }
  return null;
}

/** Sort rows a head walk may read at most (its cost when the words rarely meet after all). */
const headWalkMax = 10_000;

/**
 * A walked row costs about as much as this many index entries decoded: 70 measured at 1M characters
 * (1.4 µs a row at the head of the sort, 20 ns an entry), taken as 100 for rows not yet in memory.
 */
const walkRowCost = 100;

/**
 * How many of the sort's first rows to walk for a page when matches are plenty (a frequent word or
 * tag, alone or with another), or null. To intersect words and tags with the sort's first buckets the
 * index decodes their posting lists (`postings`: their document frequencies summed), about 7 ms for a
 * frequent word and a common tag (350,000 entries), while walking the sort's first rows until the
 * page is full reads a few hundred rows at the head of the sort, which every listing reads and so stay
 * in memory (about 1 ms). The walk is taken when it costs less, and reads at most boundMargin times
 * the rows expected to hold the page's matches (at most headWalkMax).
 */
export function headRows(
  expected: number | null,
  numListed: number,
  needed: number,
  postings: number,
): number | null {
  if (expected === null || expected <= 0 || numListed <= 0 || needed <= 0) return null;
  const walked = (numListed * needed) / expected;
  if (walked * walkRowCost > postings) return null;
  const rows = Math.ceil(boundMargin * walked);
  return rows <= headWalkMax ? rows : null;
}

/**
 * How many listed characters are expected to match, assuming the words and tags are independent; null
 * when nothing selective is asked for (every listed character may match) or the statistics were never
 * gathered.
 */
export function expectedMatches(freq: Frequencies, selectiveCounts: number[]): number | null {
  if (freq.numListed === 0) return selectiveCounts.length === 0 ? null : 0;
  if (selectiveCounts.length === 0) return null;
  return selectiveCounts.reduce((est, n) => (est * n) / freq.numListed, freq.numListed);
}

/**
 * The plan for a page: walk the sort's index, or gather every match and sort it. A walked row costs
 * about two thirds of a gathered one (measured at 1M: the walk reads the index in order, the gather
 * jumps between heap pages), so the walk wins when 2 · walked < 3 · gathered.
 */
export function choosePlan(
  expected: number | null,
  numListed: number,
  offset: number,
  limit: number,
): Plan {
  if (expected === null) return 'walk';
  if (numListed === 0) return 'gather';
  const walked = ((offset + limit) * numListed) / Math.max(expected, 1);
  return 2 * walked < 3 * expected ? 'walk' : 'gather';
}
