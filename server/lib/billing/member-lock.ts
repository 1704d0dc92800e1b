/**
 * One checkout or subscription change of a member at a time, across servers: a second one while the
 * first talks to the gateway is refused (checkout_in_progress) rather than charged beside it. The lock
 * lapses by itself after lockMs, so a crashed server never holds a member for long.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';
import { RedisScript, type Redis } from '../redis';
import { redisKeys } from '../redis-keys';

/** Longer than the slowest gateway answer (its timeout), so a lock never lapses mid-charge. */
const lockMs = 60_000;

/** Deletes the lock only if it is still the holder's (it may have lapsed and been taken since). */
const release = new RedisScript(
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
);

export async function withMemberLock<T>(
  deps: { redis: Redis; prefix: string },
  userId: string,
  task: () => Promise<T>,
): Promise<T> {
  const key = redisKeys(deps.prefix).billingLock(userId);
  const token = randomUUID();
  const taken = await deps.redis.set(key, token, 'PX', lockMs, 'NX');
  if (taken !== 'OK') throw new AppError('checkout_in_progress');
  try {
    return await task();
  } finally {
    await release.run(deps.redis, [key], [token]).catch(() => undefined);
  }
}
