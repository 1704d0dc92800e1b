/**
 * The creators leaderboard's SQL (issue 25 item 1): the signals each creator's listed bots carry (read
 * in one pass over listed_characters), a month's boards, its status and its prizes. A month is computed
 * under a transaction-scoped advisory lock, so two runs of one month queue behind each other and the
 * second writes the same table again.
 */
import { sql } from 'kysely';
import {
  leaderboardTypes,
  type CreatorSignals,
  type LeaderboardType,
  type Prize,
  type RankedCreator,
} from '#shared/rules/leaderboard';
import type { Db } from '../database';

export type MonthStatus = 'pending' | 'approved';

export interface MonthRecord {
  month: string;
  status: MonthStatus;
  computedAt: Date;
  approvedAt: Date | null;
}

/**
 * Sums what the listed chatbots (public, not held by moderation; group chats left out) of each creator
 * with a username carry: messages, favourites, likes and ratings. `from` limits it to bots created since
 * then (New Bots); every bot created before `until` counts.
 */
export async function creatorSignals(
  db: Db,
  range: { from: Date | null; until: Date },
): Promise<CreatorSignals[]> {
  const from = range.from === null ? sql`` : sql`and l.created_at >= ${range.from}`;
  const result = await sql<{
    user_id: string;
    username: string;
    avatar_url: string | null;
    num_bots: string;
    messages: string;
    favorites: string;
    likes: string;
    ratings: string;
  }>`
    select l.creator_user_id as user_id, u.username, u.avatar_url,
      count(*) as num_bots,
      coalesce(sum(l.num_messages), 0) as messages,
      coalesce(sum(f.n), 0) as favorites,
      coalesce(sum(round(l.rating_score * l.num_ratings)), 0) as likes,
      coalesce(sum(l.num_ratings), 0) as ratings
    from listed_characters l
    join users u on u.id = l.creator_user_id and u.kind = 'member' and u.username is not null
    left join (
      select character_id, count(*) as n from character_favorites group by character_id
    ) f on f.character_id = l.id
    where not l.is_group and l.created_at < ${range.until} ${from}
    group by l.creator_user_id, u.username, u.avatar_url`.execute(db);
  return result.rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    avatarUrl: r.avatar_url,
    numBots: Number(r.num_bots),
    messages: Number(r.messages),
    favorites: Number(r.favorites),
    likes: Number(r.likes),
    ratings: Number(r.ratings),
  }));
}

/** Holds the month's lock until the transaction ends: runs of one month take turns. */
export async function lockMonth(trx: Db, month: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`leaderboard:${month}`}))`.execute(trx);
}

export async function findMonth(db: Db, month: string): Promise<MonthRecord | undefined> {
  const row = await db
    .selectFrom('leaderboard_months')
    .selectAll()
    .where('month', '=', month)
    .executeTakeFirst();
  return (
    row && {
      month: row.month,
      status: row.status,
      computedAt: row.computed_at,
      approvedAt: row.approved_at,
    }
  );
}

/** Each creator's rank on a month's board of a category (for next month's movement). */
export async function ranksOf(
  db: Db,
  month: string,
  type: LeaderboardType,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('leaderboard_entries')
    .select(['user_id', 'rank'])
    .where('month', '=', month)
    .where('type', '=', type)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.rank]));
}

/**
 * Writes a pending month's boards, replacing what an earlier run wrote. An approved month is left as
 * it was approved (answers false).
 */
export async function replaceBoards(
  trx: Db,
  month: string,
  boards: Record<LeaderboardType, readonly RankedCreator[]>,
  now: Date,
): Promise<boolean> {
  await trx
    .insertInto('leaderboard_months')
    .values({ month, computed_at: now })
    .onConflict((oc) => oc.column('month').doNothing())
    .execute();
  const current = await trx
    .selectFrom('leaderboard_months')
    .select('status')
    .where('month', '=', month)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (current.status === 'approved') return false;
  await trx
    .updateTable('leaderboard_months')
    .set({ computed_at: now })
    .where('month', '=', month)
    .execute();
  await trx.deleteFrom('leaderboard_entries').where('month', '=', month).execute();
  const rows = leaderboardTypes.flatMap((type) =>
    boards[type].map((e) => ({
      month,
      type,
      rank: e.rank,
      user_id: e.userId,
      score: e.score,
      num_bots: e.numBots,
      previous_rank: e.previousRank,
    })),
  );
  if (rows.length > 0) await trx.insertInto('leaderboard_entries').values(rows).execute();
  return true;
}

/** Approves a pending month; answers the month, or undefined when there is no such month. */
export async function approveMonth(
  db: Db,
  month: string,
  adminId: string,
  now: Date,
): Promise<MonthRecord | undefined> {
  await db
    .updateTable('leaderboard_months')
    .set({ status: 'approved', approved_at: now, approved_by: adminId })
    .where('month', '=', month)
    .where('status', '=', 'pending')
    .execute();
  return findMonth(db, month);
}

/** Months newest first; pending ones only when asked for. */
export async function listMonths(
  db: Db,
  includePending: boolean,
): Promise<{ month: string; status: MonthStatus }[]> {
  let q = db.selectFrom('leaderboard_months').select(['month', 'status']).orderBy('month', 'desc');
  if (!includePending) q = q.where('status', '=', 'approved');
  return q.execute();
}

/** A board's row as read back: the ranked creator without their id. */
export type EntryRecord = Omit<RankedCreator, 'userId'>;

/** One page of a month's board of a category, by rank, with the board's size. */
export async function pageOfBoard(
  db: Db,
  month: string,
  type: LeaderboardType,
  page: number,
  pageSize: number,
): Promise<{ items: EntryRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('leaderboard_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.username', 'u.avatar_url', 'e.num_bots', 'e.score', 'e.rank', 'e.previous_rank'])
      .where('e.month', '=', month)
      .where('e.type', '=', type)
      .orderBy('e.rank')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('leaderboard_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('month', '=', month)
      .where('type', '=', type)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      username: r.username ?? '',
      avatarUrl: r.avatar_url,
      numBots: r.num_bots,
      score: Number(r.score),
      rank: r.rank,
      previousRank: r.previous_rank,
    })),
    total: Number(count.n),
  };
}

/** Every entry of a month (both categories), to work out its prizes. */
export async function boardsOf(
  db: Db,
  month: string,
): Promise<Record<LeaderboardType, RankedCreator[]>> {
  const rows = await db
    .selectFrom('leaderboard_entries')
    .selectAll()
    .where('month', '=', month)
    .orderBy('type')
    .orderBy('rank')
    .execute();
  const boards: Record<LeaderboardType, RankedCreator[]> = { new: [], all: [] };
  for (const r of rows) {
    boards[r.type].push({
      userId: r.user_id,
      username: '',
      avatarUrl: null,
      numBots: r.num_bots,
      score: Number(r.score),
      rank: r.rank,
      previousRank: r.previous_rank,
    });
  }
  return boards;
}

/**
 * Claims a member's prize of a month: true for the one run that inserts it, false for every later or
 * concurrent one (the key is the member and the month, so a member wins once a month).
 */
export async function claimPrize(
  trx: Db,
  month: string,
  prize: Prize,
  planId: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('leaderboard_prizes')
    .values({
      user_id: prize.userId,
      month,
      tier: prize.tier,
      type: prize.type,
      rank: prize.rank,
      plan_id: planId,
      outcome: 'granted',
    })
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function settlePrize(
  trx: Db,
  month: string,
  userId: string,
  outcome: 'granted' | 'subscribed',
  subscriptionId: string | null,
): Promise<void> {
  await trx
    .updateTable('leaderboard_prizes')
    .set({ outcome, subscription_id: subscriptionId })
    .where('month', '=', month)
    .where('user_id', '=', userId)
    .execute();
}

export interface PrizeRecord {
  userId: string;
  tier: 'top' | 'lower';
  outcome: 'granted' | 'subscribed';
  subscriptionId: string | null;
}

export async function prizesOf(db: Db, month: string): Promise<PrizeRecord[]> {
  const rows = await db
    .selectFrom('leaderboard_prizes')
    .selectAll()
    .where('month', '=', month)
    .orderBy('rank')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    tier: r.tier,
    outcome: r.outcome,
    subscriptionId: r.subscription_id,
  }));
}

/** Gives up the transaction's statements after `ms` (the spec's 15-second timeout of a board read). */
export async function limitStatements(trx: Db, ms: number): Promise<void> {
  await sql`select set_config('statement_timeout', ${String(ms)}, true)`.execute(trx);
}
