/**
 * Who is asking. A member presents an access token (Authorization: Bearer, or `token` in the socket
 * handshake); every other visitor has a guest identity kept in the browser (x-guest-id header).
 */
import { z } from 'zod';
import { applicationHeader } from '#shared/schemas/application';
import type { Db } from '../db/database';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { Redis } from '../lib/redis';
import { verifyAccessToken } from './auth/access-tokens';
import { isSessionEnded } from './auth/ended-sessions';
import { partnerMember, verifyPartnerToken } from './auth/partner-tokens';
import type { Applications } from './applications.service';
import { activeRestrictionsOf } from './restrictions.service';

export interface IdentityDeps {
  db: Db;
  secret: string;
  redis: Redis;
  prefix: string;
  applications: Applications;
}

export const guestHeader = 'x-guest-id';

/** A guest id as sent by a browser, or undefined when absent or malformed. */
export function guestIdOf(value: unknown): string | undefined {
  const parsed = z.uuid().safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function resolveCaller(
  deps: IdentityDeps,
  credentials: { token?: string | undefined; guestId: unknown; applicationId?: unknown },
): Promise<Caller> {
  if (credentials.token !== undefined && credentials.token !== '') {
    // On a partner site the token is the partner's own, verified with that partner's key.
    const application = deps.applications.of(credentials.applicationId);
    if (application.partner) {
      const partner = await verifyPartnerToken(application.partner, credentials.token);
      const user = await partnerMember(deps.db, application.settings.id, partner);
      return {
        userId: user.id,
        kind: 'member',
        role: user.role,
        sessionFamily: null,
        restrictions: await activeRestrictionsOf(deps, user.id),
        isPartner: true,
      };
    }
    const claims = await verifyAccessToken(deps.secret, credentials.token);
    const [isEnded, restrictions] = await Promise.all([
      isSessionEnded(deps, claims.sid),
      activeRestrictionsOf(deps, claims.sub),
    ]);
    // Signed out, or the account deleted: the token dies with its session, not at its expiry.
    if (isEnded) throw new AppError('sign_in_required');
    return {
      userId: claims.sub,
      kind: 'member',
      role: claims.role,
      sessionFamily: claims.sid,
      restrictions,
      isPartner: false,
    };
  }
  const { guestId } = credentials;
  if (guestId === undefined || guestId === null || guestId === '') {
    throw new AppError('sign_in_required');
  }
  const parsed = guestIdOf(guestId);
  if (parsed === undefined) throw new AppError('guest_id_invalid', { field: guestHeader });
  const user = await users.upsertGuest(deps.db, parsed);
  return {
    userId: user.id,
    kind: 'guest',
    role: 'free_tier',
    sessionFamily: null,
    restrictions: [],
    isPartner: false,
  };
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The credentials of an HTTP request: its bearer token, else its guest id header. */
export function credentialsOf(headers: Record<string, string | string[] | undefined>) {
  return {
    token: bearerToken(headers.authorization),
    guestId: headers[guestHeader],
    applicationId: headers[applicationHeader],
  };
}

/** The caller with restrictions re-read (cached briefly), for long-lived sockets. */
export async function refreshCaller(
  deps: Pick<IdentityDeps, 'db' | 'redis' | 'prefix'>,
  caller: Caller,
): Promise<Caller> {
  if (caller.kind !== 'member') return caller;
  return { ...caller, restrictions: await activeRestrictionsOf(deps, caller.userId) };
}
