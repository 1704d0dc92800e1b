/**
 * Who is asking. A member presents an access token (Authorization: Bearer, or `token` in the socket
 * handshake); every other visitor has a guest identity kept in the browser (x-guest-id header).
 */
import { z } from 'zod';
import { applicationHeader } from '#shared/schemas/application';
import type { Config } from '../config';
import type { Db } from '../db/database';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { takeAllowances } from '../lib/rate-limit';
import type { Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import { standingOf } from '../lib/member-standing';
import { verifyAccessToken } from './auth/access-tokens';
import { isSessionEnded } from './auth/ended-sessions';
import { partnerMember, verifyPartnerToken } from './auth/partner-tokens';
import type { Applications } from '../lib/applications';
import { flagsOffIn } from './applications.service';

export interface IdentityDeps {
  db: Db;
  secret: string;
  redis: Redis;
  prefix: string;
  applications: Applications;
  config: Pick<Config, 'GUESTS_PER_IP_PER_HOUR'>;
}

/** What a request or socket handshake says of who sends it. */
export interface Credentials {
  token?: string | undefined;
  guestId: unknown;
  applicationId?: unknown;
  /** The host name the client called, which picks the brand when no application id is sent. */
  host?: string;
  /** The client's address, for the limit on new guests. */
  ip: string;
}

export const guestHeader = 'x-guest-id';

const GuestIdSchema = z.uuid();

/** A guest id as sent by a browser, or undefined when absent or malformed. */
export function guestIdOf(value: unknown): string | undefined {
  const parsed = GuestIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A guest seen again within this long is not written again (the purge counts in days). */
const guestSeenWriteMs = 60 * 60 * 1000;

/**
 * The guest with this id, made on first sight. New guests are limited per address
 * (GUESTS_PER_IP_PER_HOUR), so a script cannot mint identities, and their allowances, without end.
 */
async function guestOf(deps: IdentityDeps, guestId: string, ip: string) {
  const known = await users.findByGuestId(deps.db, guestId);
  if (known !== undefined) {
    if (Date.now() - known.lastSeenAt.getTime() > guestSeenWriteMs) {
      await users.touchGuest(deps.db, known.id);
    }
    return known;
  }
  await takeAllowances(deps.redis, [
    {
      key: redisKeys(deps.prefix).rateLimit.newGuestsIp(ip),
      limit: deps.config.GUESTS_PER_IP_PER_HOUR,
      windowSeconds: 3600,
      code: 'rate_limited',
    },
  ]);
  return users.upsertGuest(deps.db, guestId);
}

export async function resolveCaller(deps: IdentityDeps, credentials: Credentials): Promise<Caller> {
  const application = deps.applications.of(credentials.applicationId, credentials.host);
  const flagsOff = flagsOffIn(application);
  if (credentials.token !== undefined && credentials.token !== '') {
    // On a partner site the token is the partner's own, verified with that partner's key.
    if (application.partner) {
      const partner = await verifyPartnerToken(application.partner, credentials.token);
      const user = await partnerMember(deps.db, application.settings.id, partner);
      const standing = await standingOf(deps, user.id, user.role);
      return {
        userId: user.id,
        kind: 'member',
        role: standing.role,
        sessionFamily: null,
        restrictions: standing.restrictions,
        isPartner: true,
        flagsOff,
      };
    }
    const claims = await verifyAccessToken(deps.secret, credentials.token);
    // The role is the stored one, not the token's: a purchase or an expiry applies at once.
    const [isEnded, standing] = await Promise.all([
      isSessionEnded(deps, claims.sid),
      standingOf(deps, claims.sub, claims.role),
    ]);
    // Signed out, or the account deleted: the token dies with its session, not at its expiry.
    if (isEnded) throw new AppError('sign_in_required');
    return {
      userId: claims.sub,
      kind: 'member',
      role: standing.role,
      sessionFamily: claims.sid,
      restrictions: standing.restrictions,
      isPartner: false,
      flagsOff,
    };
  }
  const { guestId } = credentials;
  if (guestId === undefined || guestId === null || guestId === '') {
    throw new AppError('sign_in_required');
  }
  const parsed = guestIdOf(guestId);
  if (parsed === undefined) throw new AppError('guest_id_invalid', { field: guestHeader });
  const user = await guestOf(deps, parsed, credentials.ip);
  return {
    userId: user.id,
    kind: 'guest',
    role: 'free_tier',
    sessionFamily: null,
    restrictions: [],
    isPartner: false,
    flagsOff,
  };
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The credentials of an HTTP request: its bearer token, else its guest id header. */
export function credentialsOf(request: {
  headers: Record<string, string | string[] | undefined>;
  hostname: string;
  ip: string;
}): Credentials {
  return {
    token: bearerToken(request.headers.authorization),
    guestId: request.headers[guestHeader],
    applicationId: request.headers[applicationHeader],
    host: request.hostname,
    ip: request.ip,
  };
}

/** The caller with role and restrictions re-read (cached briefly), for long-lived sockets. */
export async function refreshCaller(
  deps: Pick<IdentityDeps, 'db' | 'redis' | 'prefix'>,
  caller: Caller,
): Promise<Caller> {
  if (caller.kind !== 'member') return caller;
  const standing = await standingOf(deps, caller.userId, caller.role);
  return { ...caller, role: standing.role, restrictions: standing.restrictions };
}
