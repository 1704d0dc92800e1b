/** Sign-up completion (onboarding) and the member's own settings. */
import type { Config } from '../config';
import type { ProfileSubscription } from '#shared/schemas/billing';
import type { Me } from '#shared/schemas/user';
import type { Db } from '../db/database';
import type { Catalog } from '../lib/billing/catalog';
import * as subscriptions from '../db/repositories/subscriptions.repo';
import * as users from '../db/repositories/users.repo';
import { AppError } from '../lib/errors';
import type { Mailer } from '../lib/mailer';
import type { Redis } from '../lib/redis';
import { consumeCode, issueCode } from './auth/login-codes';
import { limitCodeMail, toMe } from './auth/auth.service';
import { accessOf, shownRestriction } from './restrictions.service';
import type { Caller, MemberCaller } from '../lib/caller';

/** The unique constraint a PostgreSQL error broke, if it was one. */
export function violatedConstraint(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  if (!('code' in err) || err.code !== '23505' || !('constraint' in err)) return undefined;
  return typeof err.constraint === 'string' ? err.constraint : undefined;
}

/** Who the caller is, with the effective permissions and the restriction they see. */
export async function me(
  db: Db,
  catalog: Pick<Catalog, 'externalPages'>,
  caller: Caller,
): Promise<Me> {
  const user = await users.findById(db, caller.userId);
  if (!user) throw new AppError('sign_in_required');
  const me = toMe(user);
  // The stored role, not the token's: the client sees a role change at once, the server at refresh.
  const access = accessOf({ kind: me.kind, role: me.role, restrictions: caller.restrictions });
  const live = me.kind === 'member' ? await subscriptions.findLive(db, me.id) : undefined;
  return {
    ...me,
    ...access,
    restriction: shownRestriction(caller.restrictions),
    subscription: live === undefined ? null : profileSubscriptionOf(live, catalog),
  };
}

/** A live subscription as the profile carries it. */
function profileSubscriptionOf(
  sub: subscriptions.SubscriptionRecord,
  catalog: Pick<Catalog, 'externalPages'>,
): ProfileSubscription {
  return {
    platform: sub.platform,
    status: sub.status,
    // A plan id containing '1y' is annual (product-rules.md §3); pledges bill monthly.
    billingCycle: sub.planId.includes('1y') ? 'annual' : 'monthly',
    startDate: sub.startedAt.toISOString(),
    recurAt: sub.recurAt.toISOString(),
    planId: sub.planId,
    manageUrl: sub.platform === 'card' ? null : (catalog.externalPages[sub.platform] ?? null),
  };
}

export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  return !(await users.isUsernameTaken(db, username));
}

export async function completeOnboarding(
  db: Db,
  caller: MemberCaller,
  input: { username: string; name: string },
): Promise<Me> {
  try {
    const user = await users.completeOnboarding(db, caller.userId, input);
    if (!user) throw new AppError('sign_in_required');
    return toMe(user);
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === 'users_username_key')
      throw new AppError('username_taken', { field: 'username' });
    throw err;
  }
}

/**
 * Partner sign-up: only a member who came through a partner site, and only while they have no username
 * (after that the profile page changes it, under its own rules).
 */
export async function createExternalUser(
  db: Db,
  caller: MemberCaller,
  input: { username: string; name: string },
): Promise<Me> {
  if (!caller.isPartner) throw new AppError('forbidden');
  try {
    const user = await users.setPartnerIdentity(db, caller.userId, input);
    if (!user) throw new AppError('forbidden', { message: 'This account already has a username.' });
    return toMe(user);
  } catch (err) {
    if (violatedConstraint(err) === 'users_username_key') {
      throw new AppError('username_taken', { field: 'username' });
    }
    throw err;
  }
}

export async function setInterests<T extends string>(
  db: Db,
  caller: MemberCaller,
  interests: readonly T[],
): Promise<T[]> {
  const unique = [...new Set(interests)];
  await users.setInterests(db, caller.userId, unique);
  return unique;
}

/** The code subject of an email change: bound to the member, so it is useless for anything else. */
function emailChangeSubject(userId: string, email: string): string {
  return `email-change:${userId}:${email}`;
}

export async function requestEmailChange(
  deps: { db: Db; redis: Redis; prefix: string; mailer: Mailer; config: Config },
  caller: MemberCaller,
  input: { email: string; ip: string },
): Promise<void> {
  const id = caller.userId;
  await limitCodeMail(deps, input.email, input.ip);
  const owner = await users.findByEmail(deps.db, input.email);
  if (owner && owner.id !== id) throw new AppError('email_taken', { field: 'email' });
  const code = await issueCode(deps.redis, deps.prefix, emailChangeSubject(id, input.email));
  await deps.mailer.send({
    to: input.email,
    subject: `Your CharChat code: ${code}`,
    text: `Your code to confirm this email is ${code}\n\nIt works once, for 10 minutes. If you did not ask for it, ignore this mail.`,
  });
}

export async function confirmEmailChange(
  deps: { db: Db; redis: Redis; prefix: string },
  caller: MemberCaller,
  input: { email: string; code: string },
): Promise<{ email: string }> {
  const id = caller.userId;
  await consumeCode(deps.redis, deps.prefix, emailChangeSubject(id, input.email), input.code);
  try {
    await users.setEmail(deps.db, id, input.email);
  } catch (err) {
    if (violatedConstraint(err) === 'users_email_key')
      throw new AppError('email_taken', { field: 'email' });
    throw err;
  }
  return { email: input.email };
}
