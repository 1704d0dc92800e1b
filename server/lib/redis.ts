/**
 * Redis connections: BullMQ needs its own (maxRetriesPerRequest null); pub/sub needs dedicated ones.
 * A `pipelined` connection is a command connection whose commands issued in one event-loop turn go out
 * in one write (ioredis auto-pipelining): the worker's, whose frames of many replies then share their
 * writes and replies (docs/performance.md, traps 3 and 5). Never BullMQ's.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';

export type { Redis };

export function createRedis(
  url: string,
  purpose: 'command' | 'pipelined' | 'bullmq' | 'subscriber',
): Redis {
  const isCommand = purpose === 'command' || purpose === 'pipelined';
  return new Redis(url, {
    maxRetriesPerRequest: isCommand ? 3 : null,
    enableReadyCheck: true,
    lazyConnect: false,
    enableAutoPipelining: purpose === 'pipelined',
    connectionName: `charchat-${purpose}`,
  });
}

/**
 * A Lua script sent by its SHA (EVALSHA), so Redis neither receives nor hashes its text on every call;
 * the text goes once, the first time, and again after a Redis restart (NOSCRIPT).
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
