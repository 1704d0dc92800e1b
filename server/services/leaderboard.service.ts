/**
 * The creators leaderboard as callers read it (product-rules.md §4 "Leaderboard", §6): everyone reads
 * approved months through a 120-second cache; admins (the admin contracts) read pending months too and
 * approve them. Who may see a pending month is decided here, once: `includePending` is true only on the
 * admin routes, whose contracts admit admins alone. Approving a month queues its prizes.
 */
import type { LeaderboardPage, LeaderboardQuery } from '#shared/api/leaderboard';
import { leaderboardPageSize, leaderboardTimeoutMs } from '#shared/rules/leaderboard';
import type { Db } from '../db/database';
import type { ReadDb } from '../db/read-db';
import * as leaderboard from '../db/repositories/leaderboard.repo';
import { AppError } from '../lib/errors';
import type { LeaderboardCache } from '../lib/leaderboard-cache';
import type { MemberCaller } from '../lib/caller';

export interface LeaderboardDeps {
  db: Db;
  /** Where everyone's pages are read (db/read-db.ts): a replica that has the newest approval. */
  reads: ReadDb;
  cache: LeaderboardCache;
  /** Queues a month's computation and prize grant (lib/queues.ts LeaderboardQueue). */
  jobs: {
    enqueueCompute: (month: string) => Promise<void>;
    enqueueGrant: (month: string) => Promise<void>;
  };
}

async function readPage(
  db: Db,
  query: LeaderboardQuery,
  includePending: boolean,
): Promise<LeaderboardPage> {
  return db.transaction().execute(async (trx) => {
    await leaderboard.limitStatements(trx, leaderboardTimeoutMs);
    const months = await leaderboard.listMonths(trx, includePending);
    const shown = query.date === undefined ? months[0] : months.find((m) => m.month === query.date);
    const empty = { items: [], page: query.page, pageSize: leaderboardPageSize, total: 0 };
    if (shown === undefined) {
      return { ...empty, month: query.date ?? null, type: query.type, months };
    }
    const { items, total } = await leaderboard.pageOfBoard(
      trx,
      shown.month,
      query.type,
      query.page,
      leaderboardPageSize,
    );
    return {
      items: items.map((e) => ({
        creatorUsername: e.username,
        avatarUrl: e.avatarUrl,
        numberOfCharacters: e.numBots,
        score: e.score,
        rank: e.rank,
        previousRank: e.previousRank,
        date: shown.month,
        type: query.type,
        status: shown.status,
      })),
      page: query.page,
      pageSize: leaderboardPageSize,
      total,
      month: shown.month,
      type: query.type,
      months,
    };
  });
}

/**
 * The reader name under which an approval is recorded (ReadDb.noteWrite): a page cached for everyone
 * is read from a replica only once it has the newest approval, or the old month would stay 120 s.
 */
const everyonesBoard = 'leaderboard';

/** A page of an approved month, as everyone sees it (cached 120 s). */
export function publicPage(
  deps: LeaderboardDeps,
  query: LeaderboardQuery,
): Promise<LeaderboardPage> {
  return deps.cache.read({ month: query.date ?? null, type: query.type, page: query.page }, () =>
    deps.reads.read(everyonesBoard, (db) => readPage(db, query, false)),
  );
}

/** A page of any month, pending ones included (admins only: the admin contract's auth). */
export function adminPage(
  deps: LeaderboardDeps,
  query: LeaderboardQuery,
): Promise<LeaderboardPage> {
  return readPage(deps.db, query, true);
}

/** Approves a computed month: shown to everyone at once (the cache moves on) and its prizes queued. */
export async function approveMonth(
  deps: LeaderboardDeps,
  caller: MemberCaller,
  month: string,
): Promise<{ month: string; status: 'pending' | 'approved' }> {
  const approved = await leaderboard.approveMonth(deps.db, month, caller.userId, new Date());
  if (approved === undefined) throw new AppError('not_found');
  // Before the cache moves on, so no page read after it can come from a replica without the approval.
  await deps.reads.noteWrite(everyonesBoard);
  await deps.cache.invalidate();
  await deps.jobs.enqueueGrant(month);
  return { month: approved.month, status: approved.status };
}

/** Queues the month's computation (a pending month's table is replaced; an approved one is kept). */
export async function recomputeMonth(
  deps: LeaderboardDeps,
  month: string,
): Promise<{ queued: boolean }> {
  await deps.jobs.enqueueCompute(month);
  return { queued: true };
}
