/**
 * Refresh-token sessions: a random token per browser kept only as a hash, rotated on every refresh.
 * Presenting a token rotated more than a few seconds ago means it leaked: the whole family is revoked. A session
 * that ends takes its access tokens with it (ended-sessions.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import * as sessions from '../../db/repositories/sessions.repo';
import { AppError } from '../../lib/errors';
import { endSessions, type EndedSessionsDeps } from './ended-sessions';

export type SessionDeps = EndedSessionsDeps & { db: Db };

export interface IssuedRefresh {
  refreshToken: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function issue(
  db: Db,
  opts: { userId: string; familyId: string; days: number; userAgent: string | null },
): Promise<IssuedRefresh> {
  const refreshToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + opts.days * 86_400_000);
  await sessions.insert(db, {
    familyId: opts.familyId,
    userId: opts.userId,
    tokenHash: hashToken(refreshToken),
    expiresAt,
    userAgent: opts.userAgent,
  });
  return { refreshToken, familyId: opts.familyId, userId: opts.userId, expiresAt };
}

export function startSession(
  db: Db,
  opts: { userId: string; days: number; userAgent: string | null },
): Promise<IssuedRefresh> {
  return issue(db, { ...opts, familyId: randomUUID() });
}

/** Revokes a family's refresh tokens and ends its access tokens. */
async function revokeFamily(deps: SessionDeps, familyId: string): Promise<void> {
  await sessions.revokeFamily(deps.db, familyId);
  await endSessions(deps, [familyId]);
}

/**
 * How long a rotated token still refreshes. Every open tab refreshes at once when the member's role
 * changes, with the one cookie they share, and a reload can drop the answer that carried the next
 * token: within this window a second use is that race, and gets a sibling token in the same family.
 */
export const refreshReuseGraceMs = 10_000;

/** Trades a refresh token for the next one; reuse past the grace window revokes the family. */
export async function rotateSession(
  deps: SessionDeps,
  refreshToken: string,
  opts: { days: number; userAgent: string | null },
): Promise<IssuedRefresh> {
  const tokenHash = hashToken(refreshToken);
  const row = await sessions.findByTokenHash(deps.db, tokenHash);
  if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('sign_in_required');
  }
  const rotatedHere = row.rotatedAt === null && (await sessions.markRotated(deps.db, row.id));
  if (!rotatedHere) {
    const now = await sessions.findByTokenHash(deps.db, tokenHash);
    const rotatedAt = now?.revokedAt === null ? now.rotatedAt : null;
    if (rotatedAt === null || Date.now() - rotatedAt.getTime() > refreshReuseGraceMs) {
      await revokeFamily(deps, row.familyId);
      throw new AppError('sign_in_required', { details: { reason: 'refresh_token_reused' } });
    }
  }
  return issue(deps.db, { userId: row.userId, familyId: row.familyId, ...opts });
}

/** Ends the session the token belongs to; answers its family so live sockets can be dropped. */
export async function endSession(deps: SessionDeps, refreshToken: string): Promise<string | null> {
  const row = await sessions.findByTokenHash(deps.db, hashToken(refreshToken));
  if (!row) return null;
  await revokeFamily(deps, row.familyId);
  return row.familyId;
}

/** Ends every session of a member (their account is going); answers the families ended. */
export async function endEverySessionOf(deps: SessionDeps, userId: string): Promise<string[]> {
  const families = await sessions.liveFamiliesOfUser(deps.db, userId);
  await endSessions(deps, families);
  return families;
}
