/**
 * deleteMatching (server/lib/redis.ts), which clears a test or bench prefix: on a Redis Cluster
 * (integration-cluster) its keys lie on every master, and each must be scanned.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, deleteMatching, type Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import { testRedis } from '../../support/config';

let redis: Redis;

beforeAll(() => {
  redis = createRedis(testRedis(), 'command');
});
afterAll(async () => {
  await redis.quit();
});

describe('deleteMatching', () => {
  it("deletes every key of a prefix, whatever its slot, and nobody else's", async () => {
    const mine = redisKeys(`clear-${randomUUID().slice(0, 8)}:`);
    const other = redisKeys(`keep-${randomUUID().slice(0, 8)}:`);
    const ids = Array.from({ length: 60 }, () => randomUUID());
    const doomed = ids.flatMap((id) => [mine.inflight(id), mine.restrictions(id)]);
    const kept = ids.slice(0, 5).map((id) => other.inflight(id));
    await Promise.all([...doomed, ...kept].map((key) => redis.set(key, '1', 'EX', 60)));

    // On a connection just opened, as a teardown does: a cluster's masters are known once it is ready.
    const fresh = createRedis(testRedis(), 'command');
    await deleteMatching(fresh, mine.everything);
    await fresh.quit();

    const left = await Promise.all(doomed.map((key) => redis.exists(key)));
    expect(left.filter((n) => n > 0)).toHaveLength(0);
    const still = await Promise.all(kept.map((key) => redis.exists(key)));
    expect(still).toEqual(kept.map(() => 1));
    await deleteMatching(redis, other.everything);
  });
});
