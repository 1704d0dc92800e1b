/**
 * A member's active account restrictions (product-core.md §4, "Account restriction") and what they
 * refuse. Callers carry them (identity.service); the lookup is cached briefly in Redis and the cache is
 * dropped whenever an admin sets or lifts one, so a change applies on the member's next request.
 */
import { z } from 'zod';
import {
  enabledFlags,
  featureFlagsOf,
  hasPermission,
  mostSevere,
  permissionsOf,
  type PermissionSubject,
} from '#shared/rules/permissions';
import type { FeatureFlag, Permission } from '#shared/schemas/permission';
import { AccountRestrictionSchema, type AccountRestriction } from '#shared/schemas/restriction';
import type { Role } from '#shared/schemas/user';
import type { Db } from '../db/database';
import * as restrictions from '../db/repositories/restrictions.repo';
import { AppError } from '../lib/errors';
import type { Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';

export interface RestrictionDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

/** What the checks below need to know about a caller. */
export interface RestrictedSubject {
  kind: 'guest' | 'member';
  role: Role;
  restrictions: readonly AccountRestriction[];
}

/** Short, because expiry is re-checked on read and every admin change drops the entry. */
const cacheSeconds = 60;
const CachedSchema = z.array(AccountRestrictionSchema);

function stillActive(r: AccountRestriction, now: number): boolean {
  return r.expiresAt === null || Date.parse(r.expiresAt) > now;
}

/** The member's active restrictions (not lifted, not expired), from the cache or the database. */
export async function activeRestrictionsOf(
  deps: RestrictionDeps,
  userId: string,
): Promise<AccountRestriction[]> {
  const key = redisKeys(deps.prefix).restrictions(userId);
  const cached = await deps.redis.get(key).catch(() => null);
  if (cached !== null) {
    const parsed = CachedSchema.safeParse(parseJson(cached));
    if (parsed.success) return parsed.data.filter((r) => stillActive(r, Date.now()));
  }
  const rows = await restrictions.listActiveForUser(deps.db, userId);
  const active = rows.map((r) => ({ type: r.type, expiresAt: r.expiresAt }));
  await deps.redis.set(key, JSON.stringify(active), 'EX', cacheSeconds).catch(() => undefined);
  return active;
}

/**
 * Drops the cached restrictions of a member; call after every change. The change is already committed,
 * so a Redis failure here is not the admin's error: the entry then expires within cacheSeconds.
 */
export async function forgetRestrictions(deps: RestrictionDeps, userId: string): Promise<void> {
  await deps.redis.del(redisKeys(deps.prefix).restrictions(userId)).catch(() => undefined);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The restriction whose screen or banner the member sees: the most severe active one. */
export function shownRestriction(active: readonly AccountRestriction[]): AccountRestriction | null {
  const type = mostSevere(active.map((r) => r.type));
  return active.find((r) => r.type === type) ?? null;
}

function permissionSubject(subject: RestrictedSubject): PermissionSubject {
  return {
    kind: subject.kind,
    role: subject.role,
    restrictions: subject.restrictions.map((r) => r.type),
  };
}

/** Effective permissions and enabled feature flags, as /api/me reports them. */
export function accessOf(subject: RestrictedSubject): {
  permissions: Permission[];
  featureFlags: FeatureFlag[];
} {
  const s = permissionSubject(subject);
  return { permissions: permissionsOf(s), featureFlags: enabledFlags(featureFlagsOf(s)) };
}

/** Terminated and held members may not chat (send, retry, read conversations); Restricted ones may. */
export function assertMayChat(subject: RestrictedSubject): void {
  const shown = shownRestriction(subject.restrictions);
  if (shown?.type === 'restriction_full') throw new AppError('account_terminated');
  if (shown?.type === 'restriction_full_time') {
    throw new AppError('account_on_hold', { details: { expiresAt: shown.expiresAt } });
  }
}

/**
 * Whether the caller may create, edit or upload a chatbot (or anything else they publish). Routes that
 * create call this first; Restricted members get account_restricted, the spec's "Restricted!" dialog.
 */
export function assertMayCreate(subject: RestrictedSubject): void {
  if (subject.kind === 'guest') throw new AppError('sign_in_required');
  assertMayChat(subject);
  if (subject.restrictions.some((r) => r.type === 'restriction_limited')) {
    throw new AppError('account_restricted');
  }
  if (!hasPermission(permissionSubject(subject), 'create_character')) {
    throw new AppError('forbidden');
  }
}

/**
 * Whether the member may delete their chatbot (delete_character): Restricted members get
 * account_restricted, the spec's "Restricted!" dialog; a member without the permission, forbidden.
 */
export function assertMayDeleteCharacter(subject: RestrictedSubject): void {
  if (subject.kind === 'guest') throw new AppError('sign_in_required');
  assertMayChat(subject);
  if (subject.restrictions.some((r) => r.type === 'restriction_limited')) {
    throw new AppError('account_restricted');
  }
  if (!hasPermission(permissionSubject(subject), 'delete_character')) {
    throw new AppError('forbidden');
  }
}
