import { sql } from 'kysely';
import type { Db } from '../database';
import type { UserRow } from '../tables';

/** The guest user behind a browser's guest id, created on first use; marks it seen. */
export async function upsertGuest(db: Db, guestId: string): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ kind: 'guest', guest_id: guestId })
    .onConflict((oc) => oc.column('guest_id').doUpdateSet({ last_seen_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes guests not seen for `days` days; their conversations go with them. */
export async function purgeGuestsUnseenFor(db: Db, days: number): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('kind', '=', 'guest')
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByGuestId(db: Db, guestId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('guest_id', '=', guestId).executeTakeFirst();
}

/** The member with this email, created on first sign-in. */
export async function upsertMemberByEmail(db: Db, email: string): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ kind: 'member', email })
    .onConflict((oc) => oc.column('email').doUpdateSet({ last_seen_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives a guest's conversations to a member and removes the guest. */
export async function mergeGuestInto(db: Db, guestUserId: string, memberId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('conversations')
      .set({ user_id: memberId })
      .where('user_id', '=', guestUserId)
      .execute();
    await trx
      .deleteFrom('users')
      .where('id', '=', guestUserId)
      .where('kind', '=', 'guest')
      .execute();
  });
}

/** A member without an email yet (an OAuth provider that shares none); onboarding asks for it. */
export async function insertMember(db: Db, name: string | null): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ kind: 'member', name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Members whose email or username starts with the query (case-insensitive), best matches first. */
export async function searchMembers(db: Db, query: string, limit: number): Promise<UserRow[]> {
  const q = query.trim().toLowerCase();
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where('kind', '=', 'member')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, 'like', prefix),
        eb(sql<string>`lower(username)`, 'like', prefix),
      ]),
    )
    .orderBy(sql`lower(email) = ${q} or lower(username) = ${q}`, 'desc')
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
}

export async function setRole(db: Db, id: string, role: string): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ role, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the finished sign-up; unique violations surface as pg errors naming the constraint. */
export async function completeOnboarding(
  db: Db,
  id: string,
  input: { username: string; name: string; email: string | undefined },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      username: input.username,
      name: input.name,
      ...(input.email === undefined ? {} : { email: input.email }),
      adult_confirmed_at: sql`now()`,
      terms_accepted_at: sql`now()`,
      guidelines_accepted_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('kind', '=', 'member')
    .returningAll()
    .executeTakeFirst();
}

export async function setInterests(
  db: Db,
  id: string,
  interests: readonly string[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({ interests: JSON.stringify(interests), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface ProfileChanges {
  name?: string;
  highlights?: string;
  openai_api_key_encrypted?: string | null;
  openai_mode?: 'disabled' | 'enabled' | 'hybrid';
  show_nsfw?: boolean;
  blur_nsfw?: boolean;
  chat_language?: string;
}

export async function updateProfile(
  db: Db,
  id: string,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('kind', '=', 'member')
    .returningAll()
    .executeTakeFirst();
}

export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function setEmail(db: Db, id: string, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markAgeVerified(db: Db, id: string, method: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ age_verified_at: sql`now()`, age_verification_method: method, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setAvatar(db: Db, id: string, avatarUrl: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ avatar_url: avatarUrl, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
