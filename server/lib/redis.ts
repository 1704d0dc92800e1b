/** Redis connections: BullMQ needs its own (maxRetriesPerRequest null); pub/sub needs dedicated ones. */
import { Redis } from 'ioredis';

export type { Redis };

export function createRedis(url: string, purpose: 'command' | 'bullmq' | 'subscriber'): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: purpose === 'command' ? 3 : null,
    enableReadyCheck: true,
    lazyConnect: false,
    connectionName: `charchat-${purpose}`,
  });
}
