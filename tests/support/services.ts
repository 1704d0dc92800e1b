/** Addresses of the local PostgreSQL and Redis the tests use, and database housekeeping. */
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The streaming replica of that server that testkit/pg-replica.sh starts (integration-replica). */
const replicaBase =
  process.env.TEST_DATABASE_READ_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The local Redis as lib/redis.ts connects to it (the e2e suite runs on it alone). */
export const localRedis = { REDIS_URL: redisUrl, REDIS_CLUSTER_NODES: [] };
/** The seed nodes of the local cluster that testkit/redis-cluster.sh starts (integration-cluster). */
export const redisClusterNodes =
  process.env.TEST_REDIS_CLUSTER_NODES ??
  ['7001', '7002', '7003'].map((port) => `127.0.0.1:${port}`).join(',');

export function testDatabaseUrl(name: string): string {
  return withDatabase(base, name);
}

/** The same database read through the replica. */
export function replicaDatabaseUrl(name: string): string {
  return withDatabase(replicaBase, name);
}

function withDatabase(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export function adminUrl(): string {
  return testDatabaseUrl('postgres');
}

export async function dropDatabase(admin: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}
