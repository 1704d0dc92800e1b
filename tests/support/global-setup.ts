/**
 * Integration global setup: one PostgreSQL database and one Redis key prefix per run, migrated before
 * the tests and dropped afterwards, so runs never share state.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '#server/config';
import { createRedis, deleteMatching } from '#server/lib/redis';
import { adminUrl, dropDatabase, redisUrl, testDatabaseUrl } from './services';
import { redisKeys } from '#server/lib/redis-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisPrefix: string;
    /** The run's AUTH_SECRET: tests set it, as operators do, rather than generate one in .data/. */
    authSecret: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  const databaseUrl = testDatabaseUrl(`charchat_it_${run}`);
  const redisPrefix = `test-${run}:`;
  // The product's own migrate command creates and migrates the run's database.
  execFileSync('npx', ['tsx', 'scripts/migrate.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
    stdio: 'inherit',
  });
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisPrefix', redisPrefix);
  project.provide('authSecret', randomBytes(32).toString('hex'));

  return async () => {
    await dropDatabase(adminUrl(), `charchat_it_${run}`);
    // The run's keys on the Redis its files used: the cluster's, when cluster-setup.ts provided it.
    const nodes = project.getProvidedContext().redisClusterNodes;
    const target = loadConfig(
      nodes === undefined ? { REDIS_URL: redisUrl } : { REDIS_CLUSTER_NODES: nodes },
    );
    const redis = createRedis(target, 'command');
    await deleteMatching(redis, redisKeys(redisPrefix).everything);
    await redis.quit();
  };
}
