import { sql } from 'kysely';
import type { Restriction, RestrictionType } from '#shared/schemas/restriction';
import type { Db } from '../database';
import type { RestrictionRow } from '../tables';

export function toRestriction(row: RestrictionRow): Restriction {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    liftedAt: row.lifted_at?.toISOString() ?? null,
    liftedBy: row.lifted_by,
  };
}

export async function insert(
  db: Db,
  input: {
    userId: string;
    type: RestrictionType;
    reason: string;
    createdBy: string;
    expiresAt: Date | null;
  },
): Promise<Restriction> {
  const row = await db
    .insertInto('restrictions')
    .values({
      user_id: input.userId,
      type: input.type,
      reason: input.reason,
      created_by: input.createdBy,
      expires_at: input.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRestriction(row);
}

/** Gives a member restrictions kept from an account they deleted (set by nobody now). */
export async function restore(
  db: Db,
  userId: string,
  carried: readonly { type: RestrictionType; reason: string; expiresAt: Date | null }[],
): Promise<void> {
  if (carried.length === 0) return;
  await db
    .insertInto('restrictions')
    .values(
      carried.map((c) => ({
        user_id: userId,
        type: c.type,
        reason: c.reason,
        expires_at: c.expiresAt,
        created_by: null,
      })),
    )
    .execute();
}

/** Restrictions of the user that are neither lifted nor expired, newest first. */
export async function listActiveForUser(db: Db, userId: string): Promise<Restriction[]> {
  const rows = await db
    .selectFrom('restrictions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toRestriction);
}

export async function findById(db: Db, id: string): Promise<Restriction | undefined> {
  const row = await db
    .selectFrom('restrictions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRestriction(row) : undefined;
}

/** Lifts a restriction once; answers undefined when it was already lifted. */
export async function lift(db: Db, id: string, liftedBy: string): Promise<Restriction | undefined> {
  const row = await db
    .updateTable('restrictions')
    .set({ lifted_at: sql`now()`, lifted_by: liftedBy })
    .where('id', '=', id)
    .where('lifted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row ? toRestriction(row) : undefined;
}
