/**
 * Admin basics (product-core.md §6): find members, change roles, set and lift restrictions. Only the
 * admin role may call these; each change and its audit entry are written in one transaction, and the
 * member's cached standing is dropped so the change applies to their next request.
 */
import { z } from 'zod';
import type { AdminUser, AdminUserDetail, SetRestrictionInput } from '#shared/api/admin';
import type { Restriction } from '#shared/schemas/restriction';
import { isLockedOut } from '#shared/rules/permissions';
import type { Role } from '#shared/schemas/user';
import type { UserRecord } from '../db/mappers';
import * as audit from '../db/repositories/audit-log.repo';
import * as restrictions from '../db/repositories/restrictions.repo';
import * as users from '../db/repositories/users.repo';
import { isMember, type Caller, type MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { announceAccountChange } from '../lib/account-events';
import { standingOf, type StandingDeps } from '../lib/member-standing';

const searchLimit = 20;

/**
 * Whether the member may act as an admin now: their stored role is admin (not only the token's claim,
 * which lags a demotion until the next refresh) and they are neither Terminated nor on hold.
 */
export async function isAdmin(deps: StandingDeps, userId: string): Promise<boolean> {
  const [user, active] = await Promise.all([
    users.findById(deps.db, userId),
    standingOf(deps, userId, 'free_tier'),
  ]);
  return (
    user?.kind === 'member' &&
    user.role === 'admin' &&
    !isLockedOut(active.restrictions.map((r) => r.type))
  );
}

/** Admin routes (auth: 'admin'): anyone but an admin, as isAdmin says, gets forbidden. */
export async function assertAdmin(deps: StandingDeps, caller: Caller): Promise<MemberCaller> {
  if (!isMember(caller) || !(await isAdmin(deps, caller.userId))) throw new AppError('forbidden');
  return caller;
}

async function toAdminUser(deps: StandingDeps, user: UserRecord): Promise<AdminUser> {
  return {
    id: user.id,
    kind: user.kind,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    restrictions: await restrictions.listActiveForUser(deps.db, user.id),
  };
}

async function memberById(deps: StandingDeps, id: string): Promise<UserRecord> {
  const user = await users.findById(deps.db, id);
  if (user?.kind !== 'member') throw new AppError('user_not_found');
  return user;
}

const isUuid = (query: string) => z.uuid().safeParse(query.trim()).success;

/** Members by email or username prefix; a query that is a member's id finds that member first. */
export async function searchUsers(deps: StandingDeps, query: string): Promise<AdminUser[]> {
  const byId = isUuid(query)
    ? await users.findById(deps.db, query.trim().toLowerCase())
    : undefined;
  const rows = await users.searchMembers(deps.db, query, searchLimit);
  const found =
    byId?.kind === 'member'
      ? [byId, ...rows.filter((row) => row.id !== byId.id)].slice(0, searchLimit)
      : rows;
  return Promise.all(found.map((row) => toAdminUser(deps, row)));
}

/** One member with their active restrictions and the audit trail about them, oldest first. */
export async function userDetail(deps: StandingDeps, userId: string): Promise<AdminUserDetail> {
  const user = await toAdminUser(deps, await memberById(deps, userId));
  const entries = await audit.listForTarget(deps.db, userId);
  return {
    ...user,
    audit: entries.map((entry) => ({
      id: entry.id,
      actorUserId: entry.actorUserId,
      actorName: entry.actorName,
      action: entry.action,
      details: detailsOf(entry.details),
      createdAt: entry.createdAt,
    })),
  };
}

function detailsOf(value: unknown): Record<string, unknown> {
  const parsed = z.record(z.string(), z.unknown()).safeParse(value);
  return parsed.success ? parsed.data : {};
}

export async function changeRole(
  deps: StandingDeps,
  actor: Caller,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  const before = await memberById(deps, userId);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await users.setRole(trx, userId, role);
    if (!row) throw new AppError('user_not_found');
    await audit.insert(trx, {
      actorUserId: actor.userId,
      action: 'user.role_changed',
      targetUserId: userId,
      details: { from: before.role, to: role },
    });
    return row;
  });
  await announceAccountChange(deps, userId);
  return toAdminUser(deps, updated);
}

/**
 * Makes the member with this email an admin, creating the account when nobody has it yet (the first
 * admin of a fresh install; `npm run make-admin`). They sign in with that email as anyone does. The
 * change is audited with no actor: the operator's command did it.
 */
export async function grantAdminByEmail(deps: StandingDeps, email: string): Promise<AdminUser> {
  const updated = await deps.db.transaction().execute(async (trx) => {
    const member = await users.upsertMemberByEmail(trx, email);
    const row = await users.setRole(trx, member.id, 'admin');
    if (!row) throw new AppError('user_not_found');
    await audit.insert(trx, {
      actorUserId: null,
      action: 'user.role_changed',
      targetUserId: member.id,
      details: { from: member.role, to: 'admin', by: 'make-admin command' },
    });
    return row;
  });
  await announceAccountChange(deps, updated.id);
  return toAdminUser(deps, updated);
}

/** Checks expiresAt against the type: required and future for a hold, absent for a termination. */
function expiryOf(input: SetRestrictionInput): Date | null {
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (input.type === 'restriction_full' && expiresAt !== null) {
    throw new AppError('validation_failed', {
      field: 'expiresAt',
      message: 'expiresAt: a termination is permanent',
    });
  }
  if (input.type === 'restriction_full_time' && expiresAt === null) {
    throw new AppError('validation_failed', {
      field: 'expiresAt',
      message: 'expiresAt: a temporary hold needs an end',
    });
  }
  if (expiresAt !== null && expiresAt.getTime() <= Date.now()) {
    throw new AppError('validation_failed', {
      field: 'expiresAt',
      message: 'expiresAt: must be in the future',
    });
  }
  return expiresAt;
}

export async function setRestriction(
  deps: StandingDeps,
  actor: Caller,
  userId: string,
  input: SetRestrictionInput,
): Promise<Restriction> {
  const expiresAt = expiryOf(input);
  await memberById(deps, userId);
  const restriction = await deps.db.transaction().execute(async (trx) => {
    const created = await restrictions.insert(trx, {
      userId,
      type: input.type,
      reason: input.reason,
      createdBy: actor.userId,
      expiresAt,
    });
    await audit.insert(trx, {
      actorUserId: actor.userId,
      action: 'restriction.set',
      targetUserId: userId,
      details: {
        restrictionId: created.id,
        type: created.type,
        reason: created.reason,
        expiresAt: created.expiresAt,
      },
    });
    return created;
  });
  // The member's open tabs learn at once (a hold screen goes when lifted, appears when set).
  await announceAccountChange(deps, userId);
  return restriction;
}

export async function liftRestriction(
  deps: StandingDeps,
  actor: Caller,
  userId: string,
  restrictionId: string,
): Promise<Restriction> {
  const existing = await restrictions.findById(deps.db, restrictionId);
  if (existing?.userId !== userId) throw new AppError('restriction_not_found');
  // Lifting twice answers the restriction as it is and writes nothing.
  if (existing.liftedAt !== null) return existing;
  const lifted = await deps.db.transaction().execute(async (trx) => {
    const row = await restrictions.lift(trx, restrictionId, actor.userId);
    if (!row) return undefined;
    await audit.insert(trx, {
      actorUserId: actor.userId,
      action: 'restriction.lifted',
      targetUserId: userId,
      details: { restrictionId, type: row.type },
    });
    return row;
  });
  await announceAccountChange(deps, userId);
  return lifted ?? (await restrictions.findById(deps.db, restrictionId)) ?? existing;
}
