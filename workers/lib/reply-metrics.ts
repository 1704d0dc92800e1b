/** Adds a finished reply's timing to the pool-wide histograms shown at /metrics. */
import { observe, tokensPerSecondHistogram, ttftHistogram } from '#server/lib/redis-histogram';
import type { Redis } from '#server/lib/redis';

export async function recordReplyTiming(
  redis: Redis,
  prefix: string,
  timing: { firstTokenMs: number | null; tokensPerSecond: number | null },
): Promise<void> {
  const writes: Promise<void>[] = [];
  if (timing.firstTokenMs !== null) {
    writes.push(observe(redis, prefix, ttftHistogram, timing.firstTokenMs / 1000));
  }
  if (timing.tokensPerSecond !== null) {
    writes.push(observe(redis, prefix, tokensPerSecondHistogram, timing.tokensPerSecond));
  }
  await Promise.all(writes);
}
