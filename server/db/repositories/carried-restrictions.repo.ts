import type { RestrictionType } from '#shared/schemas/restriction';
import type { Db } from '../database';

/** A restriction kept from a deleted account under a keyed hash of one of its identities. */
export interface CarriedRestriction {
  type: RestrictionType;
  reason: string;
  expiresAt: Date | null;
}

export async function insertMany(
  db: Db,
  rows: readonly (CarriedRestriction & { identityHash: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('carried_restrictions')
    .values(
      rows.map((r) => ({
        identity_hash: r.identityHash,
        type: r.type,
        reason: r.reason,
        expires_at: r.expiresAt,
      })),
    )
    .execute();
}

/** Removes and answers every restriction kept under any of the hashes. */
export async function takeByIdentities(
  db: Db,
  identityHashes: readonly string[],
): Promise<CarriedRestriction[]> {
  if (identityHashes.length === 0) return [];
  const rows = await db
    .deleteFrom('carried_restrictions')
    .where('identity_hash', 'in', identityHashes)
    .returning(['type', 'reason', 'expires_at'])
    .execute();
  return rows.map((r) => ({ type: r.type, reason: r.reason, expiresAt: r.expires_at }));
}
