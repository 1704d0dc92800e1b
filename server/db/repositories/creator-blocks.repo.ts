/** Creators a member blocked (product-core.md §6): their chatbots are inaccessible to that member. */
import type { Db } from '../database';

/** A member by username, as a creator to block: id and username, or undefined. */
export async function findCreator(
  db: Db,
  username: string,
): Promise<{ id: string; username: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', username)
    .where('kind', '=', 'member')
    .executeTakeFirst();
  return row?.username ? { id: row.id, username: row.username } : undefined;
}

export async function block(db: Db, userId: string, creatorUserId: string): Promise<void> {
  await db
    .insertInto('creator_blocks')
    .values({ user_id: userId, creator_user_id: creatorUserId })
    .onConflict((oc) => oc.columns(['user_id', 'creator_user_id']).doNothing())
    .execute();
}

export async function unblock(db: Db, userId: string, creatorUserId: string): Promise<void> {
  await db
    .deleteFrom('creator_blocks')
    .where('user_id', '=', userId)
    .where('creator_user_id', '=', creatorUserId)
    .execute();
}

export async function isBlocked(db: Db, userId: string, creatorUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('creator_blocks')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('creator_user_id', '=', creatorUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The creators the member blocked, most recent first. */
export async function listForUser(
  db: Db,
  userId: string,
): Promise<{ id: string; username: string }[]> {
  const rows = await db
    .selectFrom('creator_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.creator_user_id')
    .select(['u.id', 'u.username'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id')
    .execute();
  return rows.flatMap((r) => (r.username === null ? [] : [{ id: r.id, username: r.username }]));
}
