import type { Db } from '../database';

/** One admin change: who did what to whom, with the values involved. */
export interface AuditEntry {
  id: string;
  actorUserId: string | null;
  /** How the actor is known: username, else name, else email; null with no actor or one gone. */
  actorName: string | null;
  action: string;
  targetUserId: string | null;
  details: unknown;
  createdAt: string;
}

export async function insert(
  db: Db,
  entry: {
    /** Who did it; null for the product itself (a subscription renewing or ending). */
    actorUserId: string | null;
    action: string;
    /** The member the change is about; null when it has none (a test character, say). */
    targetUserId: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_user_id: entry.targetUserId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/** The audit entries about a user, oldest first, each with its actor's name. */
export async function listForTarget(db: Db, targetUserId: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .selectAll('audit_log')
    .select((eb) => eb.fn.coalesce('actor.username', 'actor.name', 'actor.email').as('actor_name'))
    .where('target_user_id', '=', targetUserId)
    .orderBy('audit_log.created_at', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    actorName: row.actor_name,
    action: row.action,
    targetUserId: row.target_user_id,
    details: row.details,
    createdAt: row.created_at.toISOString(),
  }));
}
