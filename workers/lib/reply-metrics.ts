/** Adds a finished reply's timing to the pool-wide histograms shown at /metrics. */
import { observe, tokensPerSecondHistogram, ttftHistogram } from '#server/lib/redis-histogram';
import type { Redis } from '#server/lib/redis';

export async function recordReplyTiming(
  redis: Redis,
  prefix: string,
  reply: { first_token_ms: number | null; tokens_per_second: number | null },
): Promise<void> {
  const writes: Promise<void>[] = [];
  if (reply.first_token_ms !== null) {
    writes.push(observe(redis, prefix, ttftHistogram, reply.first_token_ms / 1000));
  }
  if (reply.tokens_per_second !== null) {
    writes.push(observe(redis, prefix, tokensPerSecondHistogram, reply.tokens_per_second));
  }
  await Promise.all(writes);
}
