/**
 * Tells every server that a member's role or subscription changed (a purchase, a renewal, an expiry,
 * an admin's change): the cached standing is dropped, so the next request reads the new role, and a
 * message on the account channel makes each server tell that member's open sockets (account:changed),
 * whose tabs then refresh their session and what they show. Servers and workers both announce.
 */
import { z } from 'zod';
import { forgetStanding, type StandingDeps } from './member-standing';
import { redisKeys } from './redis-keys';

export const AccountChangeSchema = z.object({ userId: z.uuid() });

export async function announceAccountChange(deps: StandingDeps, userId: string): Promise<void> {
  await forgetStanding(deps, userId);
  const message = JSON.stringify(AccountChangeSchema.parse({ userId }));
  await deps.redis.publish(redisKeys(deps.prefix).accountChannel, message).catch(() => undefined);
}
