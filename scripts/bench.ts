/**
 * npm run bench: the chat path against the same model called directly (docs/performance.md). Uses a
 * private database and Redis prefix, runs baseline and product alternately, prints a Markdown table and
 * writes bench-results/chat-path.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, tinyModelPath } from '#server/config';
import { prepare } from '#server/lib/startup';
import { createRedis } from '#server/lib/redis';
import { directRun, productRun, startPathBench, type Sample } from './bench/chat-path';
import { loadRun, type LoadReport } from './bench/load';
import { median, quantile, round } from './bench/stats';
import { redisKeys } from '#server/lib/redis-keys';

/** Rounds per level: a single chat needs many samples for its percentiles, 20 at once fewer. */
const scale = Number(process.env.BENCH_ROUNDS ?? 1);
const plan = [
  { concurrency: 1, rounds: 15 * scale },
  { concurrency: 20, rounds: 3 * scale },
];
const levels = plan.map((p) => p.concurrency);
const run = randomBytes(4).toString('hex');
const base = loadConfig();
const dbUrl = new URL(base.DATABASE_URL);
const dbName = `charchat_bench_${run}`;
dbUrl.pathname = `/${dbName}`;
process.env.DATABASE_URL = dbUrl.toString();
process.env.REDIS_PREFIX = `bench-${run}:`;
process.env.LLM_MODEL ??= tinyModelPath;
process.env.LLM_MAX_TOKENS ??= '64';
/** The load run: sockets connected at once, and how many of them generate together. */
const load = { sockets: 500, generations: 100 };
process.env.WORKER_CONCURRENCY = String(load.generations);
// A hundred let in at once (the generating sockets); the rest wait, and access turns over every 15 s.
process.env.WAITING_ROOM_MIN = String(load.generations);
process.env.WAITING_ROOM_MAX = String(load.generations);
process.env.WAITING_ROOM_ACCESS_SECONDS = '15';
process.env.WAITING_ROOM_TICK_MS = '500';
process.env.LOG_LEVEL ??= 'warn';

const config = await prepare({ migrate: true });
const bench = await startPathBench(config);

interface Row {
  concurrency: number;
  side: 'direct' | 'product';
  samples: Sample[];
}
const rows: Row[] = [];
let loadReport: LoadReport;
try {
  // Warm-up: the first generation of a process is several times slower.
  await directRun(bench.provider, config, 1);
  await productRun(bench.url, bench.characterId, 1);
  for (const { concurrency, rounds } of plan) {
    for (let r = 0; r < rounds; r++) {
      rows.push({
        concurrency,
        side: 'direct',
        samples: await directRun(bench.provider, config, concurrency),
      });
      rows.push({
        concurrency,
        side: 'product',
        samples: await productRun(bench.url, bench.characterId, concurrency),
      });
    }
  }
  // Let the path run's access expire, so the load run starts with an empty room.
  await new Promise((resolve) => setTimeout(resolve, 16_000));
  loadReport = await loadRun({
    config,
    provider: bench.provider,
    characterId: bench.characterId,
    ...load,
  });
} finally {
  await bench.close();
  const admin = new URL(base.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${client.escapeIdentifier(dbName)} with (force)`);
  await client.end();
  const redis = createRedis(config.REDIS_URL, 'command');
  const keys = await redis.keys(redisKeys(config.REDIS_PREFIX).everything);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

const summary = levels.map((concurrency) => {
  const pick = (side: Row['side']) =>
    rows.filter((r) => r.concurrency === concurrency && r.side === side).flatMap((r) => r.samples);
  const direct = pick('direct');
  const product = pick('product');
  const ttft = (s: Sample[]) => s.map((x) => x.ttftMs);
  const speed = (s: Sample[]) => s.map((x) => x.charsPerSecond).filter(Number.isFinite);
  return {
    concurrency,
    directTtftP50: round(median(ttft(direct))),
    productTtftP50: round(median(ttft(product))),
    addedTtftP50: round(median(ttft(product)) - median(ttft(direct))),
    directTtftP95: round(quantile(ttft(direct), 0.95)),
    productTtftP95: round(quantile(ttft(product), 0.95)),
    addedTtftP95: round(quantile(ttft(product), 0.95) - quantile(ttft(direct), 0.95)),
    directCharsPerSecond: round(median(speed(direct)), 0),
    productCharsPerSecond: round(median(speed(product)), 0),
    speedRatio: round(median(speed(product)) / median(speed(direct)), 3),
  };
});

function loadLines(report: LoadReport): string[] {
  const ttft = report.product.map((s) => s.ttftMs);
  const directTtft = report.direct.map((s) => s.ttftMs);
  const speed = (s: Sample[]) => s.map((x) => x.charsPerSecond).filter(Number.isFinite);
  const kib = (bytes: number) => round(bytes / 1024, 1);
  return [
    '',
    `Load: ${String(report.sockets)} chat sockets on one server process, ${String(report.generations)} generating at once, the rest in the waiting room`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| TTFT p50 / p95 / p99, through the product | ${String(round(median(ttft)))} / ${String(round(quantile(ttft, 0.95)))} / ${String(round(quantile(ttft, 0.99)))} ms |`,
    `| TTFT p50 / p95 / p99, model direct at the same concurrency | ${String(round(median(directTtft)))} / ${String(round(quantile(directTtft, 0.95)))} / ${String(round(quantile(directTtft, 0.99)))} ms |`,
    `| chars/s per stream, model direct → delivered | ${String(round(median(speed(report.direct)), 0))} → ${String(round(median(speed(report.product)), 0))} (ratio ${String(round(median(speed(report.product)) / median(speed(report.direct)), 3))}) |`,
    `| waiting-room update latency p50 / p95 / max (${String(report.updateLatencyMs.length)} updates) | ${String(round(median(report.updateLatencyMs)))} / ${String(round(quantile(report.updateLatencyMs, 0.95)))} / ${String(round(Math.max(...report.updateLatencyMs)))} ms |`,
    `| server memory per socket: RSS / heap | ${String(kib(report.rssPerSocket))} / ${String(kib(report.heapPerSocket))} KiB |`,
  ];
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/chat-path.json',
  JSON.stringify({ plan, model: config.LLM_MODEL, summary, rows, load: loadReport }, null, 2),
);
const lines = [
  `Chat path vs the same model called directly (${config.LLM_PROVIDER}: ${config.LLM_MODEL ?? ''}; rounds ${plan.map((p) => `${p.concurrency}×${p.rounds}`).join(', ')}, A B alternating)`,
  '',
  '| concurrent chats | TTFT p50 direct → product (added) | TTFT p95 direct → product (added) | chars/s direct → product | delivered ratio |',
  '| --- | --- | --- | --- | --- |',
  ...summary.map(
    (s) =>
      `| ${s.concurrency} | ${s.directTtftP50} → ${s.productTtftP50} ms (+${s.addedTtftP50}) | ${s.directTtftP95} → ${s.productTtftP95} ms (+${s.addedTtftP95}) | ${s.directCharsPerSecond} → ${s.productCharsPerSecond} | ${s.speedRatio} |`,
  ),
  ...loadLines(loadReport),
];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
