/**
 * Redis connections, the one place that decides between one Redis (REDIS_URL) and a Redis Cluster
 * (REDIS_CLUSTER_NODES; README "Scaling out: Redis Cluster"). BullMQ needs its own (maxRetriesPerRequest
 * null); pub/sub needs dedicated ones, which on a cluster keep one sharded subscriber per master.
 * A `pipelined` connection is a command connection whose commands issued in one event-loop turn go out
 * in one write (ioredis auto-pipelining): the worker's, whose frames of many replies then share their
 * writes and replies (docs/performance.md, traps 3 and 5). Never BullMQ's, and not on a cluster.
 */
import { createHash } from 'node:crypto';
import { Cluster, Redis as OneRedis, type RedisOptions } from 'ioredis';
import type { Config } from '../config';

/** A connection to one Redis or to a Redis Cluster: the commands the product sends are the same. */
export type Redis = OneRedis | Cluster;

/** Where Redis is: a cluster's seed nodes when REDIS_CLUSTER_NODES names any, else REDIS_URL. */
export type RedisTarget = Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

export type RedisPurpose = 'command' | 'pipelined' | 'bullmq' | 'subscriber';

/**
 * How a cluster connection rides out a master failing over (README "Scaling out: Redis Cluster"): a
 * command to the lost master's slots waits on that node's connection, not failing after a few
 * reconnects as on one Redis, until the slot map (refreshed every slotsRefreshMs) drops the node;
 * then it is retried every retryDelayOnFailover ms on the new master, up to maxRedirections times, so
 * it waits about 10 s for the replica's promotion (cluster-node-timeout plus the election).
 */
const failoverRetryMs = 200;
const failoverRetries = 50;
const slotsRefreshMs = 1000;

export function createRedis(target: RedisTarget, purpose: RedisPurpose): Redis {
  const isCommand = purpose === 'command' || purpose === 'pipelined';
  const options: RedisOptions = {
    maxRetriesPerRequest: isCommand ? 3 : null,
    enableReadyCheck: true,
    lazyConnect: false,
    enableAutoPipelining: purpose === 'pipelined',
    connectionName: `charchat-${purpose}`,
  };
  if (target.REDIS_CLUSTER_NODES.length === 0) return new OneRedis(target.REDIS_URL, options);
  return new Cluster(target.REDIS_CLUSTER_NODES, {
    redisOptions: { ...options, enableAutoPipelining: false, maxRetriesPerRequest: null },
    enableReadyCheck: true,
    // Not on a cluster: a master failing over answers an auto-pipelined batch with MOVED for each
    // of its slots, and ioredis retries a batch only when every command got the same error, so the
    // frames of replies on other slots would fail instead of waiting (cluster-failover.test.ts).
    enableAutoPipelining: false,
    // SSUBSCRIBE goes to the master owning the channel's slot, and follows it when it fails over.
    shardedSubscribers: purpose === 'subscriber',
    retryDelayOnFailover: failoverRetryMs,
    retryDelayOnClusterDown: failoverRetryMs,
    retryDelayOnTryAgain: failoverRetryMs,
    maxRedirections: failoverRetries,
    slotsRefreshTimeout: 2000,
    slotsRefreshInterval: slotsRefreshMs,
  });
}

/**
 * The servers holding a connection's keys: every master of a cluster (known once it is ready), or
 * the one Redis.
 */
export async function keyServers(redis: Redis): Promise<OneRedis[]> {
  if (!(redis instanceof Cluster)) return [redis];
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('end', () => {
        reject(new Error('the Redis Cluster connection ended before it was ready'));
      });
    });
  }
  return redis.nodes('master');
}

/**
 * Deletes every key matching a pattern (a test's or bench's prefix), scanning each master of a cluster;
 * keys go one by one, since keys of different slots cannot share a command.
 */
export async function deleteMatching(redis: Redis, pattern: string): Promise<void> {
  for (const server of await keyServers(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await Promise.all(keys.map((key) => server.unlink(key)));
    } while (cursor !== '0');
  }
}

/**
 * A Lua script sent by its SHA (EVALSHA), so Redis neither receives nor hashes its text on every call;
 * the text goes once, the first time, and again after a Redis restart (NOSCRIPT). On a cluster, every
 * key a script is given must share one hash slot (lib/redis-keys.ts).
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(
    redis: Redis,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
