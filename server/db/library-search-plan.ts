/**
 * The library search's plan (issue 10 part 2, issue 24): what a query reads and through which index,
 * and how its matches are counted, as pure functions of the query, the caller and the search
 * statistics, so each choice is unit-tested and repositories/library-search.repo.ts only runs what is
 * chosen here. planSearch reads the query; once the statistics are read, searchPageArgs and planPage
 * plan the page. docs/performance.md trap 6: a full-text match ordered by a sort and limited either
 * walks the sort's index until enough rows match (fast when many match, seconds when few do) or
 * gathers every match through the GIN index and sorts them (fast when few match, slow when many do).
 * The planner guesses wrong for rare terms, so the plan is chosen here from the terms' and tags'
 * document frequencies (search_term_stats, tags.num_listed, refreshed by the maintenance queue): walk
 * when (offset + limit) · N / matches < matches, gather otherwise.
 */
import type { LibraryQuery } from '#shared/api/library';
import { tagsMakeNsfw } from '#shared/rules/character';
import {
  definitionSizes,
  libraryLimits,
  readSearchText,
  type LibrarySort,
} from '#shared/rules/library';

/** Everything a listing filters on: the request's filters and the caller's limits. */
export interface LibraryFilter {
  /** listed: the public library; favorites: this member's favorites (listed or unlisted). */
  scope: { kind: 'listed' } | { kind: 'favorites'; userId: string };
  /** Only these creators' bots (a creator page, an @username search), or null. */
  creatorIds: string[] | null;
  /** Full-text search text (AND of its words), or null. */
  text: string | null;
  tagIds: number[];
  languages: string[];
  tokenRanges: { min: number; max: number | null }[];
  includeNsfw: boolean;
  /** False while the caller's application has the groupchat flag off. */
  includeGroups: boolean;
  excludeCreatorIds: string[];
  excludeIds: string[];
}

/** What the search needs to know of the caller; the library service finds it out. */
export interface SearchCaller {
  /** The member asking, or null for a guest. */
  userId: string | null;
  /** The caller asked for NSFW bots and may see them (rules/library.ts, isNsfwAllowed). */
  includeNsfw: boolean;
  /** The groupchat flag is on for the caller, as the group routes judge it. */
  isGroupchatOn: boolean;
  /** Creators the caller blocked. */
  blockedCreatorIds: string[];
}

/** A query as the search runs it (library-search.repo.ts, searchLibrary). */
export interface LibrarySearch {
  /** The filter without creators, words and tags, which filterWithStatistics adds. */
  filter: LibraryFilter;
  /** Only this member's bots (a creator page or an @username search), by username, or null. */
  creator: string | null;
  /** The words to match and the name prefix to put first, or null. */
  text: string | null;
  /** Tags a result must all carry, by name. */
  tagNames: string[];
  sort: LibrarySort;
  offset: number;
  limit: number;
  /** Results are counted up to this many. */
  countCap: number;
  /** The member to recommend bots to (scope recommended), or null for the matches in sort order. */
  recommendFor: string | null;
  /**
   * When the name-prefix tier (bots whose name starts with the text, first on the page) is read:
   * beside the statistics, or after them when tags are asked for (it needs their ids); none without
   * text, or for recommendations.
   */
  prefixTier: 'beside-statistics' | 'after-statistics' | 'none';
}

/**
 * The search a query asks for, or null when it can match nothing whatever the library holds: a page
 * past the count cap, favorites or recommendations for a guest, an NSFW tag without NSFW allowed (NSFW
 * tags mark their bots NSFW).
 */
export function planSearch(query: LibraryQuery, caller: SearchCaller): LibrarySearch | null {
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= libraryLimits.countCap) return null;
  const { userId, includeNsfw } = caller;
  const isRecommended = query.scope === 'recommended';
  if (userId === null && (query.scope === 'favorites' || isRecommended)) return null;
  if (!includeNsfw && tagsMakeNsfw(query.tags)) return null;
  const typed = readSearchText(query.q);
  // An @username inside a creator page narrows nothing more: both name creators.
  const creator =
    query.scope === 'creator'
      ? (query.creator ?? null)
      : typed.kind === 'creator'
        ? typed.username
        : null;
  const text = typed.kind === 'text' ? typed.text : null;
  const scope: LibraryFilter['scope'] =
    userId !== null && query.scope === 'favorites'
      ? { kind: 'favorites', userId }
      : { kind: 'listed' };
  return {
    filter: {
      scope,
      creatorIds: null,
      text: null,
      tagIds: [],
      languages: query.languages,
      tokenRanges: query.sizes.map((s) => definitionSizes[s]),
      includeNsfw,
      // As the group routes judge it, so the library never lists a group its caller cannot open.
      includeGroups: !query.chatbotsOnly && caller.isGroupchatOn,
      excludeCreatorIds: caller.blockedCreatorIds,
      excludeIds: [],
    },
    creator,
    text,
    tagNames: query.tags,
    sort: query.sort,
    offset,
    limit: query.pageSize,
    countCap: libraryLimits.countCap,
    recommendFor: isRecommended ? userId : null,
    prefixTier:
      text === null || isRecommended
        ? 'none'
        : query.tags.length === 0
          ? 'beside-statistics'
          : 'after-statistics',
  };
}

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

/**
 * The search's filter with its creators, and its words and tags as the statistics know them; null when
 * a tag asked for does not exist, so nothing can match. A text without a word the index keeps
 * (punctuation alone) matches names only.
 */
export function filterWithStatistics(
  search: LibrarySearch,
  creatorIds: string[] | null,
  freq: Frequencies,
): LibraryFilter | null {
  if (freq.tags.length < new Set(search.tagNames).size) return null;
  const hasWords = freq.wordDocs.length > 0;
  return {
    ...search.filter,
    creatorIds,
    text: search.text !== null && hasWords ? search.text : null,
    tagIds: freq.tags.map((t) => t.id),
  };
}

/**
 * The page a search reads, with what the statistics expect of its matches: `wordDocs` are the
 * document frequencies of the filter's words (those of the corrected words when a typo is retried).
 */
export function searchPageArgs(
  search: LibrarySearch,
  freq: Frequencies,
  filter: LibraryFilter,
  leading: readonly string[],
  wordDocs: readonly number[],
): PageArgs {
  const expected = expectedMatches(freq, [...wordDocs, ...freq.tags.map((t) => t.numListed)]);
  // Languages, sizes and creators are not in the expectation: with them the sort's first buckets
  // would often hold too few matches.
  const isBoundable =
    filter.languages.length === 0 && filter.tokenRanges.length === 0 && filter.creatorIds === null;
  const needed = search.offset + search.limit;
  const tagPostings = freq.tags.reduce((sum, t) => sum + t.numListed, 0);
  const postings = wordDocs.reduce((sum, n) => sum + n, tagPostings);
  return {
    filter,
    sort: search.sort,
    offset: search.offset,
    limit: search.limit,
    countCap: search.countCap,
    expected,
    isExpectedExact: freq.wordDocs.length + freq.tags.length === 1 && isBoundable,
    numListed: freq.numListed,
    leading,
    // The head walk and the bound narrow the page's read by the expectation (of these words).
    head: isBoundable ? headRows(expected, freq.numListed, needed, postings) : null,
    bound: isBoundable ? boundCodes(freq.buckets, expected, freq.numListed, needed) : null,
  };
}

/**
 * How long a walk may take before it is given up for the gather: words or tags that rarely go
 * together (or a filter that excludes what they match) make the expected count wrong, and an unbounded
 * walk would then read the whole index.
 */
export const walkBudgetMs = 30;
/** Expected matches beyond which a gather is never tried. */
const gatherMax = 5_000;

/** What a page is asked for, and what is known of its matches. */
export interface PageArgs {
  filter: LibraryFilter;
  sort: LibrarySort;
  offset: number;
  limit: number;
  /** Results are counted up to this many. */
  countCap: number;
  expected: number | null;
  /**
   * The expectation counts the one word or tag asked for, with no other filter but NSFW and blocks
   * (which leave most matches): then twice the cap expected is safely past the cap, and not counted.
   */
  isExpectedExact?: boolean;
  numListed: number;
  /** Ids to put first (prefix matches on the name), already ordered; excluded from the rest. */
  leading: readonly string[];
  /**
   * The codes of the sort's first buckets (boundCodes), or null: the page is then read from the
   * matches in those buckets, and from all matches only when they held too few.
   */
  bound?: readonly number[] | null;
  /**
   * The sort's first rows to walk for the page (headRows), or null: the page is then read from the
   * matches among them, and otherwise (they held too few) as without it.
   */
  head?: number | null;
}

/**
 * How the rest of a page (after its leading ids) is read from all matches, when neither the head walk
 * nor the bound filled it.
 */
export type PageRead =
  /** PostgreSQL's own plan: favorites, read from characters, which the statistics do not describe. */
  | 'planner'
  /** The sort's index, unbounded: with many matches expected, gathering costs more than any walk. */
  | 'walk'
  /**
   * The sort's index for at most walkBudgetMs, then the gather: few matches are expected, and the
   * expectation may be wrong (words that rarely meet, or a filter that excludes them).
   */
  | 'walk-then-gather'
  /** Every match through the GIN index, then sorted. */
  | 'gather';

/** How a page's matches are counted (up to the cap), beside the page, on a connection of its own. */
export type PageCount =
  /** Not counted: the expectation, far past the cap, stands in ("1,000+"). */
  | 'expectation'
  /**
   * A search by tags alone: the index entries of its least used tag in listed_character_tags,
   * index-only (under the walk's settings, which leave only index scans).
   */
  | 'tag-entries'
  /**
   * Gathering the matches: walking for them would read the whole index when the expectation is
   * wrong.
   */
  | 'gather'
  /** PostgreSQL's own plan (favorites). */
  | 'planner';

/** A page's reads and count, as library-search.repo.ts (readPage) runs them. */
export interface PagePlan {
  filter: LibraryFilter;
  sort: LibrarySort;
  countCap: number;
  /** The ids put first, already ordered; the rest of the page excludes them. */
  leading: readonly string[];
  /** The leading ids on this page. */
  leadingOnPage: readonly string[];
  /** The rest of the page: this many matches (0: none is read) after skipping restOffset. */
  restOffset: number;
  restLimit: number;
  /** First, the sort's first rows to walk (PageArgs.head), kept when they fill the rest. */
  head: number | null;
  /** Then the sort's first buckets (PageArgs.bound), kept when they fill the rest. */
  bound: readonly number[] | null;
  /** Then all matches, read this way. */
  read: PageRead;
  count: PageCount;
}

/**
 * The plan for one page. Ids only are read under it (an offset would otherwise build tags and creator
 * names for every skipped row, and a sort would carry whole rows); the page's columns are read after,
 * by id. The head walk and the bound apply to the listed library only (favorites are few and not in
 * the statistics), and only when the leading ids leave room on the page.
 */
export function planPage(args: PageArgs): PagePlan {
  const { filter, offset, limit, leading } = args;
  const isScoped = filter.scope.kind !== 'listed';
  const plan = isScoped ? null : choosePlan(args.expected, args.numListed, offset, limit);
  const leadingOnPage = leading.slice(offset, offset + limit);
  const restLimit = limit - leadingOnPage.length;
  // Counting walks far when many match: past 20× the cap (2× for an exact expectation) the count is
  // taken as capped.
  // A walk is chosen when matches are many: counting them would gather them all (seconds for a common
  // word with a common tag), so the expectation stands in for the count there too. A page past the
  // real end then shows No Results Found: the price of never counting a million matches.
  const margin = args.isExpectedExact === true || plan === 'walk' ? 2 : 20;
  const isCountCapped =
    !isScoped &&
    (args.expected === null ? args.numListed : args.expected) >= args.countCap * margin;
  const isTagCount = !isScoped && filter.text === null && filter.tagIds.length > 0;
  const isNarrowable = !isScoped && restLimit > 0;
  // A walk that may be wrong about its matches (few expected) gets a budget, then the gather.
  const isFewMatches = args.expected !== null && args.expected < gatherMax;
  return {
    filter,
    sort: args.sort,
    countCap: args.countCap,
    leading,
    leadingOnPage,
    restOffset: Math.max(0, offset - leading.length),
    restLimit,
    head: isNarrowable ? (args.head ?? null) : null,
    bound: isNarrowable ? (args.bound ?? null) : null,
    read: plan === null ? 'planner' : plan === 'walk' && isFewMatches ? 'walk-then-gather' : plan,
    count: isCountCapped
      ? 'expectation'
      : isTagCount
        ? 'tag-entries'
        : plan === null
          ? 'planner'
          : 'gather',
  };
}
