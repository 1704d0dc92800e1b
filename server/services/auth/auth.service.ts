/**
 * Passwordless sign-in by email (a code or a magic link), sessions and guest attachment. Returns the
 * refresh token for the route to set as an httpOnly cookie; the body carries only the access token.
 */
import { magicLinkPath, type Session } from '#shared/api/auth';
import type { Me } from '#shared/schemas/user';
import { authSecret, type Config } from '../../config';
import type { Application } from '../../lib/applications';
import type { Db } from '../../db/database';
import type { UserRecord } from '../../db/mappers';
import * as users from '../../db/repositories/users.repo';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hitRateLimit } from '../../lib/rate-limit';
import { restoreCarriedRestrictions } from '../carried-restrictions.service';
import { forgetStanding } from '../../lib/member-standing';
import type { Redis } from '../../lib/redis';
import { signAccessToken } from './access-tokens';
import { consumeCode, consumeLink, issueLogin } from './login-codes';
import { rotateSession, startSession, type IssuedRefresh } from './sessions.service';
import { redisKeys } from '../../lib/redis-keys';

export interface AuthDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  config: Config;
  mailer: Mailer;
}

export interface SignedIn {
  session: Session;
  refresh: IssuedRefresh;
}

/** Sign-in mail per email and per IP address, per hour; code guesses per IP per 10 minutes. */
/** Sign-in mails per address per hour; per IP they come from config (one office, one IP). */
const mailPerEmail = 5;

export function toMe(user: UserRecord): Me {
  return {
    id: user.id,
    kind: user.kind,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
  };
}

/** Counts a mail with a code against the hourly allowances of its address and of the sender's IP. */
export async function limitCodeMail(
  deps: { redis: Redis; prefix: string; config: Config },
  email: string,
  ip: string,
): Promise<void> {
  await hitRateLimit(
    deps.redis,
    redisKeys(deps.prefix).rateLimit.mailEmail(email),
    mailPerEmail,
    3600,
  );
  await hitRateLimit(
    deps.redis,
    redisKeys(deps.prefix).rateLimit.mailIp(ip),
    deps.config.SIGN_IN_MAILS_PER_IP_PER_HOUR,
    3600,
  );
}

/** Mails a sign-in code and link, in the name of the brand asked through and to its site. */
export async function sendSignInMail(
  deps: AuthDeps,
  input: { email: string; ip: string; application: Application },
): Promise<void> {
  const { email, ip, application } = input;
  await limitCodeMail(deps, email, ip);
  const { code, linkToken } = await issueLogin(deps.redis, deps.prefix, email);
  const link = `${application.siteUrl}${magicLinkPath}?token=${encodeURIComponent(linkToken)}`;
  const brand = application.settings.name;
  await deps.mailer.send({
    to: email,
    subject: `Your ${brand} sign-in code: ${code}`,
    text: `Your ${brand} sign-in code is ${code}\n\nOr open this link to sign in:\n${link}\n\nThe code and the link work once, for 10 minutes. If you did not ask to sign in, ignore this mail.`,
  });
}

async function signIn(
  deps: AuthDeps,
  user: UserRecord,
  refresh: IssuedRefresh,
  guestId: string | undefined,
): Promise<SignedIn> {
  if (guestId !== undefined) {
    const guest = await users.findByGuestId(deps.db, guestId);
    if (guest?.kind === 'guest') await users.mergeGuestInto(deps.db, guest.id, user.id);
  }
  const me = toMe(user);
  const access = await signAccessToken(
    authSecret(deps.config),
    { userId: user.id, sessionFamily: refresh.familyId, role: me.role },
    deps.config.ACCESS_TOKEN_SECONDS,
  );
  return {
    refresh,
    session: { accessToken: access.token, expiresAt: access.expiresAt.toISOString(), user: me },
  };
}

/** Opens a new session for a member who proved who they are. */
export async function startMemberSession(
  deps: AuthDeps,
  user: UserRecord,
  opts: { guestId: string | undefined; userAgent: string | null },
): Promise<SignedIn> {
  // A member who deleted a banned account and came back gets the ban back.
  if ((await restoreCarriedRestrictions(deps.db, authSecret(deps.config), user)) > 0) {
    await forgetStanding(deps, user.id);
  }
  const refresh = await startSession(deps.db, {
    userId: user.id,
    days: deps.config.REFRESH_TOKEN_DAYS,
    userAgent: opts.userAgent,
  });
  return signIn(deps, user, refresh, opts.guestId);
}

async function signInByEmail(
  deps: AuthDeps,
  email: string,
  opts: { guestId: string | undefined; userAgent: string | null },
): Promise<SignedIn> {
  return startMemberSession(deps, await users.upsertMemberByEmail(deps.db, email), opts);
}

export async function signInWithCode(
  deps: AuthDeps,
  input: {
    email: string;
    code: string;
    ip: string;
    guestId: string | undefined;
    userAgent: string | null;
  },
): Promise<SignedIn> {
  await hitRateLimit(
    deps.redis,
    redisKeys(deps.prefix).rateLimit.verifyIp(input.ip),
    deps.config.SIGN_IN_CODE_CHECKS_PER_IP,
    600,
  );
  await consumeCode(deps.redis, deps.prefix, input.email, input.code);
  return signInByEmail(deps, input.email, input);
}

export async function signInWithLink(
  deps: AuthDeps,
  input: { token: string; guestId: string | undefined; userAgent: string | null },
): Promise<SignedIn> {
  const email = await consumeLink(deps.redis, deps.prefix, input.token);
  return signInByEmail(deps, email, input);
}

export async function refresh(
  deps: AuthDeps,
  input: { refreshToken: string; guestId: string | undefined; userAgent: string | null },
): Promise<SignedIn> {
  const next = await rotateSession(deps, input.refreshToken, {
    days: deps.config.REFRESH_TOKEN_DAYS,
    userAgent: input.userAgent,
  });
  const user = await users.findById(deps.db, next.userId);
  if (user?.kind !== 'member') throw new AppError('sign_in_required');
  return signIn(deps, user, next, input.guestId);
}
