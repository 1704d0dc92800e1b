/** Fixed-window counters in Redis: at most `limit` hits per `windowSeconds` for a key. */
import { AppError } from './errors';
import { RedisScript, type Redis } from './redis';

type LimitCode = 'rate_limited' | 'guest_message_limit';

export async function hitRateLimit(
  redis: Redis,
  key: string,
  limit: number,
  windowSeconds: number,
  code: LimitCode = 'rate_limited',
): Promise<void> {
  const [[, count] = [], [, ttl] = []] =
    (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec()) ?? [];
  if (typeof count === 'number' && count > limit) {
    const retryAfter = typeof ttl === 'number' && ttl > 0 ? ttl : windowSeconds;
    throw new AppError(code, { details: { retryAfterSeconds: retryAfter } });
  }
}

/** One counter an action spends from. */
export interface Allowance {
  key: string;
  limit: number;
  windowSeconds: number;
  /** The error when this counter is spent. */
  code: LimitCode;
}

/**
 * Counts a hit on every counter if none is spent, else nothing. Answers 0 and the counts, or the
 * 1-based index of the first spent counter and its seconds left. KEYS: counters. ARGV: limit, window
 * for each.
 */
const takeScript = new RedisScript(`
for i = 1, #KEYS do
  local n = tonumber(redis.call('get', KEYS[i]) or '0')
  if n >= tonumber(ARGV[2 * i - 1]) then return {i, redis.call('ttl', KEYS[i])} end
end
for i = 1, #KEYS do
  redis.call('incr', KEYS[i])
  redis.call('expire', KEYS[i], ARGV[2 * i], 'NX')
end
return {0, 0}`);

/** Takes one hit from each allowance, all or none, so a refused action counts against none of them. */
export async function takeAllowances(
  redis: Redis,
  allowances: readonly Allowance[],
): Promise<void> {
  const reply = await takeScript.run(
    redis,
    allowances.map((a) => a.key),
    allowances.flatMap((a) => [a.limit, a.windowSeconds]),
  );
  const [spent, ttl] = Array.isArray(reply) ? reply.map(Number) : [0, 0];
  const allowance = allowances[(spent ?? 0) - 1];
  if (allowance !== undefined) {
    const retryAfterSeconds = ttl !== undefined && ttl > 0 ? ttl : allowance.windowSeconds;
    throw new AppError(allowance.code, { details: { retryAfterSeconds } });
  }
}

/**
 * Gives back hits taken for an action that was then refused for another reason; a command each, as a
 * cluster pipeline must keep to one node.
 */
export async function refundAllowances(
  redis: Redis,
  allowances: readonly Allowance[],
): Promise<void> {
  await Promise.all(allowances.map((a) => redis.decr(a.key)));
}
