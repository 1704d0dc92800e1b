/**
 * A member's standing: their stored role and active restrictions (product-core.md §4 "Account
 * restriction", §6 "Roles"). Every request and socket command reads it, so it is cached briefly in
 * Redis; whoever changes a role or a restriction drops the entry (forgetStanding), so the change applies
 * on the member's next request, whatever role their access token was signed with.
 */
import { z } from 'zod';
import { AccountRestrictionSchema, type AccountRestriction } from '#shared/schemas/restriction';
import { RoleSchema, type Role } from '#shared/schemas/user';
import type { Db } from '../db/database';
import * as restrictions from '../db/repositories/restrictions.repo';
import * as users from '../db/repositories/users.repo';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

export interface StandingDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

export interface Standing {
  role: Role;
  /** Active restrictions: not lifted, not expired. */
  restrictions: AccountRestriction[];
}

/** Short, because expiry is re-checked on read and every change drops the entry. */
const cacheSeconds = 60;
const CachedSchema = z.object({
  role: RoleSchema,
  restrictions: z.array(AccountRestrictionSchema),
});

function stillActive(r: AccountRestriction, now: number): boolean {
  return r.expiresAt === null || Date.parse(r.expiresAt) > now;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The member's standing, from the cache or the database; `fallbackRole` when the user is gone. */
export async function standingOf(
  deps: StandingDeps,
  userId: string,
  fallbackRole: Role,
): Promise<Standing> {
  const key = redisKeys(deps.prefix).restrictions(userId);
  const cached = await deps.redis.get(key).catch(() => null);
  if (cached !== null) {
    const parsed = CachedSchema.safeParse(parseJson(cached));
    if (parsed.success) {
      const now = Date.now();
      return {
        role: parsed.data.role,
        restrictions: parsed.data.restrictions.filter((r) => stillActive(r, now)),
      };
    }
  }
  const [role, rows] = await Promise.all([
    users.roleOf(deps.db, userId),
    restrictions.listActiveForUser(deps.db, userId),
  ]);
  const standing: Standing = {
    role: role ?? fallbackRole,
    restrictions: rows.map((r) => ({ type: r.type, reason: r.reason, expiresAt: r.expiresAt })),
  };
  await deps.redis.set(key, JSON.stringify(standing), 'EX', cacheSeconds).catch(() => undefined);
  return standing;
}

/**
 * Drops the cached standing of a member; call after every change of role or restriction. The change is
 * already committed, so a Redis failure here is not the caller's error: the entry then expires within
 * cacheSeconds.
 */
export async function forgetStanding(deps: StandingDeps, userId: string): Promise<void> {
  await deps.redis.del(redisKeys(deps.prefix).restrictions(userId)).catch(() => undefined);
}
