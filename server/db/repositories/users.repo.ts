import { sql, type Insertable, type UpdateObject } from 'kysely';
import { RoleSchema, type Role } from '#shared/schemas/user';
import type { Db } from '../database';
import { toUser, type UserRecord } from '../mappers';
import type { Database, UsersTable } from '../tables';

/** The user whose unique `column` holds `value`. */
async function findBy(
  db: Db,
  column: 'id' | 'guest_id' | 'email',
  value: string,
): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
  return row && toUser(row);
}

/**
 * The user whose `unique` column holds the value in `values`: inserted from `values` on first use, an
 * existing one is marked seen.
 */
async function upsertSeen(
  db: Db,
  values: Insertable<UsersTable>,
  unique: 'guest_id' | 'email',
): Promise<UserRecord> {
  const row = await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column(unique).doUpdateSet({ last_seen_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Changes one user (only one of `kind`, when given) and stamps updated_at: the user as changed, or
 * undefined when none matched.
 */
async function update(
  db: Db,
  id: string,
  changes: UpdateObject<Database, 'users'>,
  kind?: UsersTable['kind'],
): Promise<UserRecord | undefined> {
  let query = db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  const row = await query.returningAll().executeTakeFirst();
  return row && toUser(row);
}

/** Notes that a guest was seen (guests unseen for GUEST_TTL_DAYS are purged). */
export async function touchGuest(db: Db, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The guest user behind a browser's guest id, created on first use; marks it seen. */
export async function upsertGuest(db: Db, guestId: string): Promise<UserRecord> {
  return upsertSeen(db, { kind: 'guest', guest_id: guestId }, 'guest_id');
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

export async function findById(db: Db, id: string): Promise<UserRecord | undefined> {
  return findBy(db, 'id', id);
}

export async function findByGuestId(db: Db, guestId: string): Promise<UserRecord | undefined> {
  return findBy(db, 'guest_id', guestId);
}

/** The member with this email, created on first sign-in. */
export async function upsertMemberByEmail(db: Db, email: string): Promise<UserRecord> {
  return upsertSeen(db, { kind: 'member', email }, 'email');
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

/** Deletes a member; their conversations, sessions and sign-in identities go with them. */
export async function deleteMember(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).where('kind', '=', 'member').execute();
}

/** A member without an email yet (an OAuth provider that shares none); onboarding asks for it. */
export async function insertMember(db: Db, name: string | null): Promise<UserRecord> {
  return db
    .insertInto('users')
    .values({ kind: 'member', name })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toUser);
}

/** Members whose email or username starts with the query (case-insensitive), best matches first. */
export async function searchMembers(db: Db, query: string, limit: number): Promise<UserRecord[]> {
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
    .execute()
    .then((rows) => rows.map(toUser));
}

/** Locks a user's row until the transaction ends: one billing change of a member at a time. */
export async function lockById(db: Db, id: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

/** The stored role of a user, or undefined when there is no such user. */
export async function roleOf(db: Db, id: string): Promise<Role | undefined> {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : RoleSchema.parse(row.role);
}

export async function setRole(db: Db, id: string, role: string): Promise<UserRecord | undefined> {
  return update(db, id, { role });
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
  input: { username: string; name: string },
): Promise<UserRecord | undefined> {
  return update(
    db,
    id,
    {
      username: input.username,
      name: input.name,
      adult_confirmed_at: sql`now()`,
      terms_accepted_at: sql`now()`,
      guidelines_accepted_at: sql`now()`,
    },
    'member',
  );
}

/** A partner member's username and name, set once: undefined when they have a username already. */
export async function setPartnerIdentity(
  db: Db,
  id: string,
  input: { username: string; name: string },
): Promise<UserRecord | undefined> {
  const row = await db
    .updateTable('users')
    .set({ username: input.username, name: input.name, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('kind', '=', 'member')
    .where('username', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && toUser(row);
}

export async function setInterests(
  db: Db,
  id: string,
  interests: readonly string[],
): Promise<void> {
  await update(db, id, { interests: JSON.stringify(interests) });
}

/** The profile fields a member may change; absent ones stay as they are. */
export type ProfileChanges = Partial<
  Pick<
    UserRecord,
    | 'username'
    | 'name'
    | 'highlights'
    | 'openaiApiKeyEncrypted'
    | 'openaiMode'
    | 'showNsfw'
    | 'blurNsfw'
    | 'chatLanguage'
  >
>;

export async function updateProfile(
  db: Db,
  id: string,
  changes: ProfileChanges,
): Promise<UserRecord | undefined> {
  return update(
    db,
    id,
    {
      username: changes.username,
      name: changes.name,
      highlights: changes.highlights,
      openai_api_key_encrypted: changes.openaiApiKeyEncrypted,
      openai_mode: changes.openaiMode,
      show_nsfw: changes.showNsfw,
      blur_nsfw: changes.blurNsfw,
      chat_language: changes.chatLanguage,
    },
    'member',
  );
}

export async function findByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return findBy(db, 'email', email);
}

export async function setEmail(db: Db, id: string, email: string): Promise<void> {
  await update(db, id, { email });
}

export async function markAgeVerified(db: Db, id: string, method: string): Promise<void> {
  await update(db, id, { age_verified_at: sql`now()`, age_verification_method: method });
}

export async function setAvatar(db: Db, id: string, avatarUrl: string): Promise<void> {
  await update(db, id, { avatar_url: avatarUrl });
}

/**
 * The product's own account, creator of the seeded library. Its username is reserved
 * (shared/rules/username.ts), so no member can take or pass for it.
 */
export async function upsertSystemCreator(db: Db, username: string, name: string): Promise<string> {
  const { id } = await db
    .insertInto('users')
    .values({ kind: 'member', username, name })
    .onConflict((oc) => oc.column('username').doUpdateSet({ name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
