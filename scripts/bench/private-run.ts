/**
 * A benchmark's or soak's own database and Redis prefix, so it never touches an install's data: set in
 * the environment before the product's config is read (by this process and the processes it starts),
 * and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '#server/config';
import { createRedis, deleteMatching } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';

export interface PrivateRun {
  /** The configuration the run started from (its DATABASE_URL is the install's, not the run's). */
  base: Config;
  databaseUrl: string;
  prefix: string;
  /** Drops the run's database and every Redis key under its prefix. */
  cleanUp: () => Promise<void>;
}

export function openPrivateRun(kind: string): PrivateRun {
  const run = randomBytes(4).toString('hex');
  const base = loadConfig();
  const url = new URL(base.DATABASE_URL);
  const dbName = `charchat_${kind}_${run}`;
  url.pathname = `/${dbName}`;
  const prefix = `${kind}-${run}:`;
  process.env.DATABASE_URL = url.toString();
  process.env.REDIS_PREFIX = prefix;
  return {
    base,
    databaseUrl: url.toString(),
    prefix,
    cleanUp: async () => {
      const admin = new URL(base.DATABASE_URL);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`drop database if exists ${client.escapeIdentifier(dbName)} with (force)`);
      await client.end();
      const redis = createRedis(base, 'command');
      await deleteMatching(redis, redisKeys(prefix).everything);
      await redis.quit();
    },
  };
}
