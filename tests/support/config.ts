/**
 * The product's config for a test: the run's database (and its replica, in integration-replica), Redis
 * (the local cluster, in integration-cluster) and prefix, the tiny model, quiet logs.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { loadConfig, tinyModelPath, type Config } from '#server/config';
import type { RedisTarget } from '#server/lib/redis';
import { redisUrl } from './services';

/** The environment naming the test Redis, for a process a test starts. */
export function redisEnv(): Record<string, string> {
  const nodes = inject('redisClusterNodes');
  return nodes === undefined ? { REDIS_URL: redisUrl } : { REDIS_CLUSTER_NODES: nodes };
}

/** The test Redis as lib/redis.ts connects to it. */
export function testRedis(): RedisTarget {
  const { REDIS_URL, REDIS_CLUSTER_NODES } = loadConfig(redisEnv());
  return { REDIS_URL, REDIS_CLUSTER_NODES };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const readDatabaseUrl = inject('readDatabaseUrl');
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    ...redisEnv(),
    AUTH_SECRET: inject('authSecret'),
    // A prefix per test file keeps queues apart, so one file's worker never takes another's jobs.
    REDIS_PREFIX: `${inject('redisPrefix')}${randomBytes(3).toString('hex')}:`,
    LLM_PROVIDER: 'local',
    LLM_MODEL: tinyModelPath,
    LLM_THREADS: '1',
    LLM_MAX_TOKENS: '48',
    WORKER_CONCURRENCY: '2',
    // Off unless a test is about it: most tests chat without queueing for access first.
    WAITING_ROOM_MAX: '0',
    // Every test's guests come from 127.0.0.1; new-guests.test.ts is about the limit.
    GUESTS_PER_IP_PER_HOUR: '1000000',
    PORT: '0',
    // Run against the streaming replica (integration-replica), public reads go to it. Tests write
    // rows straight into the database and read them at once, so no lag is allowed: a read goes to the
    // replica once it has replayed all the primary had written when the read began.
    ...(readDatabaseUrl === undefined
      ? {}
      : { DATABASE_READ_URL: readDatabaseUrl, DATABASE_READ_MAX_LAG_MS: '0' }),
    ...overrides,
  });
}
