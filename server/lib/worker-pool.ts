/**
 * The live worker pool in Redis: each worker process serving generation announces its concurrency
 * with a heartbeat, so the waiting room's capacity follows the workers actually running.
 */
import { redisKeys } from './redis-keys';
import type { Redis } from './redis';

/** A worker missing heartbeats for this long is taken for gone. */
export const heartbeatTtlMs = 15_000;

export async function announceWorker(
  redis: Redis,
  prefix: string,
  workerId: string,
  concurrency: number,
  now = Date.now(),
): Promise<void> {
  await redis
    .multi()
    .zadd(redisKeys(prefix).workerPool, now + heartbeatTtlMs, workerId)
    .hset(redisKeys(prefix).workerSlots, workerId, concurrency)
    .exec();
}

export async function retireWorker(redis: Redis, prefix: string, workerId: string): Promise<void> {
  await redis
    .multi()
    .zrem(redisKeys(prefix).workerPool, workerId)
    .hdel(redisKeys(prefix).workerSlots, workerId)
    .exec();
}

/** Live workers and their generation slots in all; workers gone silent are dropped. */
export async function poolSlots(
  redis: Redis,
  prefix: string,
  now = Date.now(),
): Promise<{ workers: number; slots: number }> {
  const { workerPool: pool, workerSlots: slotsKey } = redisKeys(prefix);
  const gone = await redis.zrangebyscore(pool, '-inf', String(now));
  if (gone.length > 0) {
    await redis
      .multi()
      .zrem(pool, ...gone)
      .hdel(slotsKey, ...gone)
      .exec();
  }
  const live = await redis.zrange(pool, '0', '-1');
  if (live.length === 0) return { workers: 0, slots: 0 };
  const slots = await redis.hmget(slotsKey, ...live);
  return { workers: live.length, slots: slots.reduce((sum, s) => sum + Number(s ?? 0), 0) };
}
