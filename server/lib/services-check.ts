/**
 * Start-up check of the services the product needs: a service that does not answer gets one line
 * saying which, where, and how to start it.
 */
import pg from 'pg';
import { Cluster, Redis } from 'ioredis';
import type { RedisTarget } from './redis';

export class ServiceDownError extends Error {}

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? '6379' : '5432')}`;
}

export async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    if (code === '3D000') return; // the database itself is missing: ensureDatabase creates it
    throw new ServiceDownError(
      `PostgreSQL at ${where(databaseUrl)} does not answer (${err instanceof Error ? err.message : String(err)}); start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (or docker compose up -d postgres)`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the configured database when the server answers but the database does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`create database ${client.escapeIdentifier(name)}`)
        .catch((err: unknown) => {
          // Another process created it at the same moment.
          if (!(err instanceof Error && 'code' in err && err.code === '42P04')) throw err;
        });
    }
  } finally {
    await client.end();
  }
}

export async function checkRedis(target: RedisTarget): Promise<void> {
  if (target.REDIS_CLUSTER_NODES.length > 0) {
    await checkRedisCluster(target.REDIS_CLUSTER_NODES);
    return;
  }
  const redisUrl = target.REDIS_URL;
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new ServiceDownError(
      `Redis at ${where(redisUrl)} does not answer (${err instanceof Error ? err.message : String(err)}); start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no (or docker compose up -d redis)`,
    );
  } finally {
    redis.disconnect();
  }
}

/** A cluster answers when one of its seed nodes gives the slot map and the cluster serves every slot. */
async function checkRedisCluster(nodes: RedisTarget['REDIS_CLUSTER_NODES']): Promise<void> {
  const cluster = new Cluster(nodes, {
    lazyConnect: true,
    clusterRetryStrategy: () => null,
    redisOptions: { maxRetriesPerRequest: 0, connectTimeout: 3000 },
  });
  cluster.on('error', () => undefined);
  const names = nodes.map((n) => `${n.host}:${String(n.port)}`).join(',');
  try {
    await cluster.connect();
    const info = await cluster.cluster('INFO');
    if (!info.includes('cluster_state:ok')) throw new Error('cluster_state is not ok');
  } catch (err) {
    throw new ServiceDownError(
      `The Redis Cluster at ${names} does not answer (${err instanceof Error ? err.message : String(err)}); start it with: testkit/redis-cluster.sh (or docker compose --profile cluster up -d)`,
    );
  } finally {
    cluster.disconnect();
  }
}
