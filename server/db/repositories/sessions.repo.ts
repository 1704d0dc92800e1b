import { sql } from 'kysely';
import type { Db } from '../database';
import { toSession, type SessionRecord } from '../mappers';

export async function insert(
  db: Db,
  row: {
    familyId: string;
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      family_id: row.familyId,
      user_id: row.userId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      user_agent: row.userAgent,
    })
    .execute();
}

export async function findByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toSession(row);
}

/** Marks a token rotated; false when another request rotated or revoked it first. */
export async function markRotated(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ rotated_at: sql`now()` })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The families of a user's sessions that can still refresh (and so may have live access tokens). */
export async function liveFamiliesOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  return rows.map((r) => r.family_id);
}
