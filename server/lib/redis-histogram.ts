/**
 * Histograms kept in Redis, so every worker process adds to the same one and any server can report
 * it at /metrics (prom-client's histograms live in one process). One hash per histogram: a count per
 * bucket, plus sum and count; rendered in the Prometheus text format with cumulative buckets.
 */
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

export interface HistogramSpec {
  /** Which of the pool's histograms (lib/redis-keys.ts). */
  key: 'ttft' | 'tps';
  name: string;
  help: string;
  /** Upper bounds, ascending; +Inf is implied. */
  buckets: readonly number[];
}

export const ttftHistogram: HistogramSpec = {
  key: 'ttft',
  name: 'charchat_time_to_first_token_seconds',
  help: 'Time from a reply job starting to the model’s first token.',
  buckets: [0.05, 0.1, 0.25, 0.5, 0.8, 1, 2.5, 5, 10, 30],
};

export const tokensPerSecondHistogram: HistogramSpec = {
  key: 'tps',
  name: 'charchat_tokens_per_second',
  help: 'Streaming rate of each finished reply.',
  buckets: [1, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000],
};

export async function observe(
  redis: Redis,
  prefix: string,
  spec: HistogramSpec,
  value: number,
): Promise<void> {
  const index = spec.buckets.findIndex((bound) => value <= bound);
  const bucket = index === -1 ? '+Inf' : String(spec.buckets[index]);
  const key = redisKeys(prefix).histogram(spec.key);
  await redis
    .multi()
    .hincrby(key, bucket, 1)
    .hincrbyfloat(key, 'sum', value)
    .hincrby(key, 'count', 1)
    .exec();
}

export async function renderHistogram(
  redis: Redis,
  prefix: string,
  spec: HistogramSpec,
): Promise<string> {
  const hash = await redis.hgetall(redisKeys(prefix).histogram(spec.key));
  const lines = [`# HELP ${spec.name} ${spec.help}`, `# TYPE ${spec.name} histogram`];
  let cumulative = 0;
  for (const bound of [...spec.buckets.map(String), '+Inf']) {
    cumulative += Number(hash[bound] ?? 0);
    lines.push(`${spec.name}_bucket{le="${bound}"} ${String(cumulative)}`);
  }
  lines.push(`${spec.name}_sum ${hash.sum ?? '0'}`, `${spec.name}_count ${hash.count ?? '0'}`);
  return `${lines.join('\n')}\n`;
}
