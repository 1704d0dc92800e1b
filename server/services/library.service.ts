/**
 * The library as a caller sees it (issue 10 parts 1, 2, 4): search, filters, sorts, favorites, a
 * creator's bots and recommendations, always without private, unlisted and moderated bots, the bots of
 * creators the caller blocked, and NSFW unless the caller may see it (rules/library.ts).
 */
import type { LibraryPage, LibraryQuery } from '#shared/api/library';
import {
  definitionSizes,
  isNsfwAllowed,
  libraryLimits,
  readSearchText,
  recommendationWeights,
} from '#shared/rules/library';
import { tagsMakeNsfw } from '#shared/rules/character';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { toCharacterSummary, type CharacterRecord } from '../db/mappers';
import * as libraryPlan from '../db/library-search-plan';
import * as librarySearch from '../db/repositories/library-search.repo';
import * as librarySignals from '../db/repositories/library-signals.repo';
import * as libraryStats from '../db/repositories/library-stats.repo';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { statusOf } from './age-verification/age-verification.service';
import { isCallerFlagOn } from './applications.service';

export interface LibraryDeps {
  db: Db;
  config: Config;
}

function emptyPage(query: LibraryQuery, nsfwIncluded: boolean): LibraryPage {
  return {
    items: [],
    total: 0,
    totalIsCapped: false,
    page: query.page,
    pageSize: query.pageSize,
    nsfwIncluded,
  };
}

function pageOf(
  query: LibraryQuery,
  result: { items: CharacterRecord[]; total: number; isCapped: boolean },
  nsfwIncluded: boolean,
): LibraryPage {
  return {
    items: result.items.map(toCharacterSummary),
    total: result.total,
    totalIsCapped: result.isCapped,
    page: query.page,
    pageSize: query.pageSize,
    nsfwIncluded,
  };
}

async function nsfwAllowedFor(
  deps: LibraryDeps,
  caller: Caller,
  country: string | undefined,
  requested: boolean,
): Promise<boolean> {
  if (!requested || caller.kind !== 'member') return false;
  const user = await users.findById(deps.db, caller.userId);
  return isNsfwAllowed({
    requested,
    isMember: true,
    showNsfw: user?.showNsfw ?? false,
    ageVerification: statusOf(deps.config, user, country),
  });
}

export async function listLibrary(
  deps: LibraryDeps,
  caller: Caller,
  country: string | undefined,
  query: LibraryQuery,
): Promise<LibraryPage> {
  const [includeNsfw, blocked] = await Promise.all([
    nsfwAllowedFor(deps, caller, country, query.nsfw),
    caller.kind === 'member' ? librarySignals.blockedCreatorIds(deps.db, caller.userId) : [],
  ]);
  const offset = (query.page - 1) * query.pageSize;
  if (offset >= libraryLimits.countCap) return emptyPage(query, includeNsfw);
  if (query.scope === 'favorites' && caller.kind !== 'member') return emptyPage(query, includeNsfw);

  const search = readSearchText(query.q);
  const creatorName =
    query.scope === 'creator' ? query.creator : search.kind === 'creator' ? search.username : null;
  const creatorIds =
    creatorName === null || creatorName === undefined
      ? null
      : await librarySearch.creatorIdsByUsername(deps.db, creatorName);
  if (creatorIds !== null && creatorIds.length === 0) return emptyPage(query, includeNsfw);
  // An @username inside a creator page narrows nothing more: both name creators.
  const text = search.kind === 'text' ? search.text : null;

  // NSFW tags mark their bots NSFW: asking for one without NSFW allowed can match nothing.
  if (!includeNsfw && tagsMakeNsfw(query.tags)) return emptyPage(query, includeNsfw);
  const base: libraryPlan.LibraryFilter = {
    scope:
      query.scope === 'favorites' && caller.kind === 'member'
        ? { kind: 'favorites', userId: caller.userId }
        : { kind: 'listed' },
    creatorIds,
    text: null,
    tagIds: [],
    languages: query.languages,
    tokenRanges: query.sizes.map((s) => definitionSizes[s]),
    includeNsfw,
    // Judged as the group routes judge it, so the library never lists a group its caller cannot open.
    includeGroups: !query.chatbotsOnly && isCallerFlagOn(caller, 'groupchat'),
    excludeCreatorIds: blocked,
    excludeIds: [],
  };
  // The name-prefix tier needs the tags' ids: without tags it is read beside the frequencies.
  const [freq, early] = await Promise.all([
    libraryStats.frequencies(deps.db, text, query.tags, query.sort),
    text !== null && query.tags.length === 0 && query.scope !== 'recommended'
      ? librarySearch.namePrefixIds(deps.db, text, base, query.sort, query.pageSize)
      : null,
  ]);
  if (freq.tags.length < new Set(query.tags).size) return emptyPage(query, includeNsfw);
  const hasWords = freq.wordDocs.length > 0;
  const filter: libraryPlan.LibraryFilter = {
    ...base,
    text: text !== null && hasWords ? text : null,
    tagIds: freq.tags.map((t) => t.id),
  };
  if (query.scope === 'recommended') {
    if (caller.kind !== 'member') return emptyPage(query, includeNsfw);
    return pageOf(query, await recommend(deps.db, caller.userId, filter, query), includeNsfw);
  }

  const leading =
    early ??
    (text === null
      ? []
      : await librarySearch.namePrefixIds(deps.db, text, filter, query.sort, query.pageSize));
  if (text !== null && !hasWords && leading.length === 0) {
    return emptyPage(query, includeNsfw);
  }
  const expected = libraryPlan.expectedMatches(freq, [
    ...freq.wordDocs,
    ...freq.tags.map((t) => t.numListed),
  ]);
  // Languages, sizes and creators are not in the expectation: with them the sort's first buckets
  // would often hold too few matches.
  const isBoundable =
    query.languages.length === 0 && query.sizes.length === 0 && creatorIds === null;
  const needed = offset + query.pageSize;
  const tagPostings = freq.tags.reduce((sum, t) => sum + t.numListed, 0);
  // The head walk and the bound narrow the page's read by the expectation (of these words).
  const narrowing = (expectation: number | null, wordDocs: number[]) =>
    isBoundable
      ? {
          head: libraryPlan.headRows(
            expectation,
            freq.numListed,
            needed,
            wordDocs.reduce((sum, n) => sum + n, tagPostings),
          ),
          bound: libraryPlan.boundCodes(freq.buckets, expectation, freq.numListed, needed),
        }
      : { head: null, bound: null };
  const listArgs = {
    filter,
    sort: query.sort,
    offset,
    limit: query.pageSize,
    countCap: libraryLimits.countCap,
    expected,
    isExpectedExact:
      freq.wordDocs.length + freq.tags.length === 1 &&
      query.languages.length === 0 &&
      query.sizes.length === 0 &&
      creatorIds === null,
    numListed: freq.numListed,
    leading,
    ...narrowing(expected, freq.wordDocs),
  };
  // A word too rare to be counted may be a typo: its correction is looked up beside the search, and
  // used when nothing matched (the words most like the ones typed are better than an empty page).
  const [result, corrected] = await Promise.all([
    librarySearch.readPage(deps.db, libraryPlan.planPage(listArgs)),
    filter.text !== null && freq.wordDocs.includes(0)
      ? librarySearch.correctedText(deps.db, filter.text)
      : null,
  ]);
  if (result.total > 0 || filter.text === null) return pageOf(query, result, includeNsfw);
  if (corrected === null) return pageOf(query, result, includeNsfw);
  // The corrected words are counted ones: the retry narrows its read by their expectation as a
  // search typed that way would (unnarrowed, a walk for a correction to a mid-frequency word read
  // thousands of rows, then gave up for the gather).
  const correctedExpected = libraryPlan.expectedMatches(freq, [
    ...corrected.wordDocs,
    ...freq.tags.map((t) => t.numListed),
  ]);
  const retried = await librarySearch.readPage(
    deps.db,
    libraryPlan.planPage({
      ...listArgs,
      filter: { ...filter, text: corrected.text },
      expected: correctedExpected,
      leading: [],
      ...narrowing(correctedExpected, corrected.wordDocs),
    }),
  );
  return pageOf(query, retried, includeNsfw);
}

/**
 * Recommendations from the member's ratings, favorites, chats and dislikes: tags weigh what the
 * member's signals about bots carrying them add up to (rules/library.ts, recommendationWeights); the
 * most popular listed bots of the best tags are scored by the tags they share and their popularity.
 * Bots the member already rated, favorited, disliked or chatted with are left out (disliked ones
 * always); with no signals, the trending library is the recommendation.
 */
async function recommend(
  db: Db,
  userId: string,
  filter: libraryPlan.LibraryFilter,
  query: LibraryQuery,
): Promise<{ items: CharacterRecord[]; total: number; isCapped: boolean }> {
  const signals = await librarySignals.signals(db, userId);
  const affinity = new Map<number, number>();
  const byName = new Map<string, number>();
  for (const s of signals) {
    const weight =
      s.kind === 'rating'
        ? recommendationWeights.rating[s.value === 1 ? 1 : s.value === 5 ? 5 : 3]
        : recommendationWeights[s.kind];
    s.tagIds.forEach((tag, i) => {
      affinity.set(tag, (affinity.get(tag) ?? 0) + weight);
      const name = s.tagNames[i];
      if (name !== undefined) byName.set(name, (byName.get(name) ?? 0) + weight);
    });
  }
  const seen = [...new Set(signals.map((s) => s.characterId))];
  const base = { ...filter, excludeIds: seen };
  const topTags = [...affinity.entries()]
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([tag]) => tag);
  const offset = (query.page - 1) * query.pageSize;
  const limitPool = 60;
  if (topTags.length === 0) {
    return librarySearch.readPage(
      db,
      libraryPlan.planPage({
        filter: base,
        sort: 'trending',
        offset,
        limit: query.pageSize,
        countCap: limitPool,
        expected: null,
        numListed: 0,
        leading: [],
      }),
    );
  }
  const pools = await Promise.all(
    topTags.map((tag) =>
      librarySearch.readPage(
        db,
        libraryPlan.planPage({
          filter: { ...base, tagIds: [...new Set([...base.tagIds, tag])] },
          sort: 'popular',
          offset: 0,
          limit: limitPool,
          countCap: 1,
          expected: null,
          numListed: 0,
          leading: [],
        }),
      ),
    ),
  );
  const byId = new Map<string, CharacterRecord>();
  for (const pool of pools) for (const c of pool.items) byId.set(c.id, c);
  const score = (c: CharacterRecord) =>
    c.tags.reduce((s, tag) => s + (byName.get(tag) ?? 0), 0) + Math.log10(1 + c.numMessages) * 0.1;
  const ranked = [...byId.values()]
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.c.id.localeCompare(b.c.id))
    .map((r) => r.c);
  return {
    items: ranked.slice(offset, offset + query.pageSize),
    total: ranked.length,
    isCapped: false,
  };
}

/** Tags the filter panel offers, most used first; groups count only while the groupchat flag is on. */
export async function popularTags(
  db: Db,
  includeGroups: boolean,
): Promise<{ items: { name: string; count: number }[] }> {
  return { items: await libraryStats.popularTags(db, 60, includeGroups) };
}
