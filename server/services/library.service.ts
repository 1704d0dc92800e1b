/**
 * The library as a caller sees it (issue 10 parts 1, 2, 4): search, filters, sorts, favorites, a
 * creator's bots and recommendations, always without private, unlisted and moderated bots, the bots of
 * creators the caller blocked, and NSFW unless the caller may see it (rules/library.ts). This finds out
 * what the caller may see, plans the search (db/library-search-plan.ts) and makes one call into it
 * (db/repositories/library-search.repo.ts, searchLibrary). The caller's own settings and blocks come
 * from the primary; the search runs where db/read-db.ts sends the caller's public reads.
 */
import type { LibraryPage, LibraryQuery } from '#shared/api/library';
import { isNsfwAllowed } from '#shared/rules/library';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ReadDb } from '../db/read-db';
import { planSearch, type SearchCaller } from '../db/library-search-plan';
import { toCharacterSummary } from '../db/mappers';
import { creatorIdsByUsername, searchLibrary } from '../db/repositories/library-search.repo';
import { blockedCreatorIds } from '../db/repositories/library-signals.repo';
import * as libraryStats from '../db/repositories/library-stats.repo';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { statusOf } from './age-verification/age-verification.service';
import { isCallerFlagOn } from './applications.service';

export interface LibraryDeps {
  /** The primary: the caller's own settings and blocks. */
  db: Db;
  /** Where the search itself runs: a replica that has the caller's writes, or the primary. */
  reads: ReadDb;
  config: Config;
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
  const userId = caller.kind === 'member' ? caller.userId : null;
  const [includeNsfw, blocked] = await Promise.all([
    nsfwAllowedFor(deps, caller, country, query.nsfw),
    userId === null ? [] : blockedCreatorIds(deps.db, userId),
  ]);
  const searchCaller: SearchCaller = {
    userId,
    includeNsfw,
    isGroupchatOn: isCallerFlagOn(caller, 'groupchat'),
    blockedCreatorIds: blocked,
  };
  return deps.reads.read(caller.userId, (db) => searchPage(db, query, searchCaller));
}

/** The page of results a search planned for the caller finds, with how many their blocks hid. */
async function searchPage(
  db: Db,
  query: LibraryQuery,
  searchCaller: SearchCaller,
): Promise<LibraryPage> {
  const search = planSearch(query, searchCaller);
  const result =
    search === null ? { items: [], total: 0, isCapped: false } : await searchLibrary(db, search);
  const hiddenByBlocks =
    search === null ||
    searchCaller.blockedCreatorIds.length === 0 ||
    result.isCapped ||
    !isLastPage(query, result.total)
      ? 0
      : await countHiddenByBlocks(db, query, searchCaller, result.total);
  // An empty creator page may name nobody: that is user_not_found (the client's /user-not-found).
  if (query.scope === 'creator' && result.total === 0 && query.creator !== undefined) {
    const ids = await creatorIdsByUsername(db, query.creator);
    if (ids.length === 0) throw new AppError('user_not_found', { field: 'creator' });
  }
  return {
    items: result.items.map(toCharacterSummary),
    total: result.total,
    totalIsCapped: result.isCapped,
    page: query.page,
    pageSize: query.pageSize,
    nsfwIncluded: searchCaller.includeNsfw,
    hiddenByBlocks,
  };
}

/** Whether the results end on the page asked for (or before it). */
function isLastPage(query: LibraryQuery, total: number): boolean {
  return query.page * query.pageSize >= total;
}

/**
 * How many results the member's blocks left out: the same search counted without them, read as one
 * result, less what was found. A count that reaches the cap is taken at the cap.
 */
async function countHiddenByBlocks(
  db: Db,
  query: LibraryQuery,
  caller: SearchCaller,
  found: number,
): Promise<number> {
  const unblocked = planSearch(
    { ...query, page: 1, pageSize: 1 },
    { ...caller, blockedCreatorIds: [] },
  );
  if (unblocked === null) return 0;
  const { total } = await searchLibrary(db, unblocked);
  return Math.max(0, total - found);
}

/** Tags the filter panel offers, most used first; groups count only while the groupchat flag is on. */
export async function popularTags(
  db: Db,
  includeGroups: boolean,
): Promise<{ items: { name: string; count: number }[] }> {
  return { items: await libraryStats.popularTags(db, 60, includeGroups) };
}
