/**
 * Bans survive account deletion: deleting a member keeps their active restrictions under keyed hashes
 * of the account's email and sign-in identities (the member's data itself is deleted), and a sign-in
 * that matches one of those identities gets the restrictions back, until they expire.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';

function identityHashes(
  secret: string,
  identities: { email: string | null; oauth: readonly { provider: string; subject: string }[] },
): string[] {
  const keys = [
    ...(identities.email === null ? [] : [`email:${identities.email.toLowerCase()}`]),
    ...identities.oauth.map((o) => `oauth:${o.provider}:${o.subject}`),
  ];
  return keys.map((key) => createHmac('sha256', secret).update(key).digest('hex'));
}

async function identitiesOf(db: Db, user: Pick<UserRow, 'id' | 'email'>) {
  const oauth = await db
    .selectFrom('oauth_accounts')
    .select(['provider', 'subject'])
    .where('user_id', '=', user.id)
    .execute();
  return { email: user.email, oauth };
}

/** Deletes a member; their active restrictions stay behind under their identities' hashes. */
export async function deleteMemberKeepingRestrictions(
  db: Db,
  secret: string,
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', userId)
      .where('kind', '=', 'member')
      .executeTakeFirst();
    if (!user) return;
    const active = await trx
      .selectFrom('restrictions')
      .select(['type', 'reason', 'expires_at'])
      .where('user_id', '=', userId)
      .where('lifted_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .execute();
    const hashes = identityHashes(secret, await identitiesOf(trx, user));
    const rows = active.flatMap((r) =>
      hashes.map((identity_hash) => ({
        identity_hash,
        type: r.type,
        reason: r.reason,
        expires_at: r.expires_at,
      })),
    );
    if (rows.length > 0) await trx.insertInto('carried_restrictions').values(rows).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

/** Gives a signing-in member back the restrictions kept for any of their identities. */
export async function restoreCarriedRestrictions(
  db: Db,
  secret: string,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<number> {
  const hashes = identityHashes(secret, await identitiesOf(db, user));
  if (hashes.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const carried = await trx
      .deleteFrom('carried_restrictions')
      .where('identity_hash', 'in', hashes)
      .returning(['type', 'reason', 'expires_at'])
      .execute();
    const live = carried.filter((c) => c.expires_at === null || c.expires_at > new Date());
    // One row per restriction, though it was kept under several identities.
    const unique = [
      ...new Map(
        live.map((c) => [`${c.type}|${c.reason}|${String(c.expires_at?.getTime())}`, c]),
      ).values(),
    ];
    if (unique.length > 0) {
      await trx
        .insertInto('restrictions')
        .values(
          unique.map((c) => ({
            user_id: user.id,
            type: c.type,
            reason: c.reason,
            expires_at: c.expires_at,
            created_by: null,
          })),
        )
        .execute();
    }
    return unique.length;
  });
}
