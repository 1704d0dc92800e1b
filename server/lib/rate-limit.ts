/** Fixed-window counters in Redis: at most `limit` hits per `windowSeconds` for a key. */
import { AppError } from './errors';
import type { Redis } from './redis';

export async function hitRateLimit(
  redis: Redis,
  key: string,
  limit: number,
  windowSeconds: number,
  code: 'rate_limited' | 'guest_message_limit' = 'rate_limited',
): Promise<void> {
  const [[, count] = [], [, ttl] = []] =
    (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec()) ?? [];
  if (typeof count === 'number' && count > limit) {
    const retryAfter = typeof ttl === 'number' && ttl > 0 ? ttl : windowSeconds;
    throw new AppError(code, { details: { retryAfterSeconds: retryAfter } });
  }
}
