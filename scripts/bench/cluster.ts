/**
 * The cluster row (issue 30): the chat path at 100 chats with the product on a local Redis Cluster of
 * 3 masters and 3 replicas (testkit/redis-cluster.sh) in place of one Redis, the same paced wire
 * reached directly and through the bare proxy in the same run. Prints the time to first token the
 * product adds, its delivered rate and its failed, lost and duplicated replies beside each master's
 * operations per second over the run: the load spreads when no master carries more than half.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '#server/config';
import { createRedis, deleteMatching, keyServers, type Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import type { Sample } from './chat-path';
import { pathRun, startPathTargets, type PathWindow, type Side } from './path-run';
import { median, quantile } from './stats';

export interface ClusterReport {
  chats: number;
  windows: PathWindow[];
  /** Each master's commands per second over the run. */
  masters: { address: string; opsPerSecond: number }[];
}

/** The seed nodes of the local cluster (its first three ports), once it is up. */
function startCluster(): string {
  execFileSync('testkit/redis-cluster.sh', ['start'], { stdio: 'inherit' });
  const first = Number(process.env.REDIS_CLUSTER_PORT ?? 7001);
  return [0, 1, 2].map((i) => `127.0.0.1:${String(first + i)}`).join(',');
}

/** Commands each master has processed since it started, by its address. */
async function commandsByMaster(redis: Redis): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const master of await keyServers(redis)) {
    const info = await master.info('stats');
    const total = Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN);
    counts.set(`${master.options.host ?? ''}:${String(master.options.port ?? '')}`, total);
  }
  return counts;
}

export async function clusterRun(opts: {
  /** The product's settings (its Redis prefix among them); the cluster takes the place of REDIS_URL. */
  env: Record<string, string>;
  characterId: string;
  chats: number;
  rounds: number;
}): Promise<ClusterReport> {
  const nodes = startCluster();
  const env = { ...opts.env, REDIS_CLUSTER_NODES: nodes };
  const redis = createRedis(loadConfig({ ...process.env, ...env }), 'command');
  const targets = await startPathTargets(env, opts.characterId);
  try {
    const before = await commandsByMaster(redis);
    const startedAt = performance.now();
    const windows = await pathRun(targets, [{ concurrency: opts.chats, rounds: opts.rounds }]);
    const seconds = (performance.now() - startedAt) / 1000;
    const after = await commandsByMaster(redis);
    const masters = [...after].map(([address, total]) => ({
      address,
      opsPerSecond: (total - (before.get(address) ?? total)) / seconds,
    }));
    return { chats: opts.chats, windows, masters };
  } finally {
    await targets.stop();
    await deleteMatching(redis, redisKeys(opts.env.REDIS_PREFIX ?? '').everything);
    await redis.quit();
  }
}

export function clusterLines(r: ClusterReport): string[] {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const samples = (side: Side) =>
    r.windows.filter((w) => w.side === side).flatMap((w) => w.samples);
  const completed = (side: Side) => samples(side).filter((x) => x.outcome === 'completed');
  const ttfts = (side: Side) => completed(side).map((x) => x.ttftMs);
  const added = (q: number) => quantile(ttfts('product'), q) - quantile(ttfts('direct'), q);
  const speed = (side: Side) => median(completed(side).map((x) => x.charsPerSecond));
  const count = (outcome: Sample['outcome']) =>
    samples('product').filter((x) => x.outcome === outcome).length;
  const total = r.masters.reduce((sum, m) => sum + m.opsPerSecond, 0);
  const share = (ops: number) => `${fmt((ops * 100) / total)}%`;
  return [
    `Cluster row: the chat path at ${String(r.chats)} chats with the product on a local Redis Cluster of 3 masters and 3 replicas (REDIS_CLUSTER_NODES), against the wire directly in the same run; goal: no master above 50% of the operations`,
    '',
    '| added TTFT p50 / p95 | delivered rate | operations/s of each master (share) | busiest master | failed / lost / duplicated |',
    '| --- | --- | --- | --- | --- |',
    `| +${fmt(added(0.5))} / +${fmt(added(0.95))} ms | ${fmt((speed('product') / speed('direct')) * 100)}% | ${r.masters.map((m) => `${m.address}: ${fmt(m.opsPerSecond)} (${share(m.opsPerSecond)})`).join('; ')} | ${share(Math.max(...r.masters.map((m) => m.opsPerSecond)))} | ${String(count('failed'))} / ${String(count('lost'))} / ${String(count('duplicated'))} |`,
  ];
}
