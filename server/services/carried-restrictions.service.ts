/**
 * Bans survive account deletion: deleting a member keeps their active restrictions under keyed hashes
 * of the account's email and sign-in identities (the member's data itself is deleted), and a sign-in
 * that matches one of those identities gets the restrictions back, until they expire.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db/database';
import * as carried from '../db/repositories/carried-restrictions.repo';
import * as oauthAccounts from '../db/repositories/oauth-accounts.repo';
import * as restrictions from '../db/repositories/restrictions.repo';
import * as users from '../db/repositories/users.repo';

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

async function identitiesOf(db: Db, user: { id: string; email: string | null }) {
  return { email: user.email, oauth: await oauthAccounts.listForUser(db, user.id) };
}

/** Deletes a member; their active restrictions stay behind under their identities' hashes. */
export async function deleteMemberKeepingRestrictions(
  db: Db,
  secret: string,
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await users.findById(trx, userId);
    if (user?.kind !== 'member') return;
    const active = await restrictions.listActiveForUser(trx, userId);
    const hashes = identityHashes(secret, await identitiesOf(trx, user));
    await carried.insertMany(
      trx,
      active.flatMap((r) =>
        hashes.map((identityHash) => ({
          identityHash,
          type: r.type,
          reason: r.reason,
          expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt),
        })),
      ),
    );
    await users.deleteMember(trx, userId);
  });
}

/** Gives a signing-in member back the restrictions kept for any of their identities. */
export async function restoreCarriedRestrictions(
  db: Db,
  secret: string,
  user: { id: string; email: string | null },
): Promise<number> {
  const hashes = identityHashes(secret, await identitiesOf(db, user));
  if (hashes.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const taken = await carried.takeByIdentities(trx, hashes);
    const live = taken.filter((c) => c.expiresAt === null || c.expiresAt > new Date());
    // One row per restriction, though it was kept under several identities.
    const unique = [
      ...new Map(
        live.map((c) => [`${c.type}|${c.reason}|${String(c.expiresAt?.getTime())}`, c]),
      ).values(),
    ];
    await restrictions.restore(trx, user.id, unique);
    return unique.length;
  });
}
