/**
 * npm run bench (docs/performance.md): the product against bare baselines in one run, alternating.
 * 1. The path run: a paced OpenAI-wire server reached directly, through a bare proxy and through the
 *    product (server and worker processes), at 1, 20 and 100 chats (issue 9).
 * 2. The local-model row: one chat through the product against the tiny model called in-process.
 * 3. The burst run: 40 and 200 replies asked for at once with the default settings (issue 7.1).
 * 4. The load run: 500 sockets, a hundred generating while the rest wait in line.
 * 5. The search run: library search and listing latency on the large library (npm run seed:large;
 *    when it is missing the run says how to make it and the bench exits non-zero).
 * 6. The long-chat run: the first page of a 10,000-message chat against a new chat's (issue 11).
 * 7. The group run: three bots answering each other with Auto Response; the hand-over gap between one
 *    bot's last token and the next one's first, less the model's own time to first token (issue 12).
 * 8. The lorebook run: what scanning a 100-entry lorebook against the last 20 messages adds to building
 *    a prompt (issue 12).
 * 9. The leaderboard run: the monthly job on 1,000,000 bots by 100,000 creators, and the page from
 *    its cache (issue 25; BENCH_ONLY=leaderboard).
 * 10. The speech run: time to first audio of a 300-character message read aloud with espeak-ng through
 *    the product, against espeak-ng run bare on the same text; the clip again from the cache; 50
 *    requests at once (issue 26 item 1; BENCH_ONLY=speech).
 * 11. The waiting-room run: 10,000 guests in line while it advances (issue 29; BENCH_ONLY=waiters).
 * 12. The stream-ceiling run: the most concurrent streams one process carries with frame delay p99
 *    ≤ 50 ms; raw Socket.IO, raw Redis pub/sub, the product's server and its worker ramped one after
 *    another (issue 29; BENCH_ONLY=ceiling; BENCH_CEILING_SIDES='product worker,…' ramps only those).
 * 13. The cluster row: the path at 100 chats with the product on a local Redis Cluster of 3 masters,
 *    and each master's operations per second (issue 30; BENCH_ONLY=cluster).
 * Every run counts failed, lost and duplicated replies beside its timings. Uses a private database and
 * Redis prefix; prints Markdown tables and writes bench-results/bench.{md,json}. BENCH_ROUNDS scales
 * the rounds; BENCH_ONLY=path,local,load,search,long,group,lore,leaderboard,speech,waiters,ceiling,
 * cluster picks parts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadConfig, tinyModelPath, type Config } from '#server/config';
import { createDb } from '#server/db/database';
import { createLogger } from '#server/lib/log';
import { prepare } from '#server/lib/startup';
import { createProvider } from '#workers/providers/create-provider';
import { openPrivateRun } from './bench/private-run';
import { burstRun, type BurstReport } from './bench/burst';
import { createBenchCharacter, directRun, type Sample } from './bench/chat-path';
import { loadRun, type LoadReport } from './bench/load';
import { createBenchGroup, groupRun, type GroupReport } from './bench/group';
import { longChatLines, longChatRun, type LongChatReport } from './bench/long-chat';
import { loreScanRun, type LoreScanCase } from './bench/lore-scan';
import { pathRun, startPathTargets, type PathWindow, type Side } from './bench/path-run';
import { searchLines, searchRun, type SearchReport } from './bench/search';
import { leaderboardLines, leaderboardRun, type LeaderboardReport } from './bench/leaderboard';
import { speechBad, speechLines, speechRun, type SpeechReport } from './bench/speech';
import { waitersBad, waitersLines, waitersRun, type WaitersReport } from './bench/waiters';
import { ceilingBad, ceilingLines, ceilingRun, type CeilingReport } from './bench/ceiling';
import { clusterLines, clusterRun, type ClusterReport } from './bench/cluster';
import { startHelper, startProduct } from './bench/processes';
import { median, quantile, round } from './bench/stats';

const scale = Number(process.env.BENCH_ROUNDS ?? 1);
const pathPlan = [
  { concurrency: 1, rounds: 15 * scale },
  { concurrency: 20, rounds: 4 * scale },
  { concurrency: 100, rounds: 3 * scale },
];
const localRounds = 15 * scale;
const speechRounds = 15 * scale;
const load = { sockets: 500, generations: 100 };
/** The waiting-room run: waiters over client processes, let in 500 at a time every 5 s. */
const waiters = { waiters: 10_000, processes: 2, admitted: 500, watchMs: 30_000 };

const { base, databaseUrl, prefix, cleanUp } = openPrivateRun('bench');
process.env.LLM_MODEL ??= tinyModelPath;
process.env.LOG_LEVEL ??= 'warn';

/** Settings every product instance of the run shares; each gets a Redis prefix of its own. */
const shared = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: base.REDIS_URL,
  GUEST_MESSAGES_PER_HOUR: '100000',
  GUEST_MESSAGES_PER_IP_PER_HOUR: '1000000',
  GUESTS_PER_IP_PER_HOUR: '1000000',
  WAITING_ROOM_MAX: '0',
};

const config = await prepare({ migrate: true });
const db = createDb(config.DATABASE_URL, 1);
const characterId = await createBenchCharacter(db);
const groupId = await createBenchGroup(db);
await db.destroy();

/** 1. The path run against the paced wire server. */
async function runPath(): Promise<PathWindow[]> {
  const targets = await startPathTargets(
    { ...shared, REDIS_PREFIX: `${prefix}path:` },
    characterId,
  );
  try {
    return await pathRun(targets, pathPlan);
  } finally {
    await targets.stop();
  }
}

interface LocalReport {
  direct: Sample[];
  product: Sample[];
  bursts: BurstReport[];
}

/** 2 and 3. The tiny model: one chat against calling it in-process, then the bursts. */
async function runLocal(): Promise<LocalReport> {
  const product = await startProduct({
    ...shared,
    REDIS_PREFIX: `${prefix}local:`,
    LLM_PROVIDER: 'local',
    LLM_MODEL: config.LLM_MODEL ?? tinyModelPath,
  });
  const provider = await createProvider(config, createLogger('warn', 'bench'));
  const direct: Sample[] = [];
  const samples: Sample[] = [];
  try {
    await directRun(provider, config, 1);
    await burstRun(product.url, characterId, 1, 1);
    for (let r = 0; r < localRounds; r++) {
      direct.push(...(await directRun(provider, config, 1)));
      samples.push(...(await burstRun(product.url, characterId, 1, 1)).samples);
    }
    const bursts = [
      await burstRun(product.url, characterId, 2, 20),
      await burstRun(product.url, characterId, 10, 20),
    ];
    return { direct, product: samples, bursts };
  } finally {
    await provider.close();
    await product.stop();
  }
}

/** 4. The load run, with the waiting room on: a hundred let in at once, access turning over every 15 s. */
async function runLoad(): Promise<LoadReport> {
  const env = {
    ...shared,
    REDIS_PREFIX: `${prefix}load:`,
    LLM_PROVIDER: 'local',
    LLM_MODEL: config.LLM_MODEL ?? tinyModelPath,
    LLM_MAX_TOKENS: '64',
    WORKER_CONCURRENCY: String(load.generations),
    WAITING_ROOM_MIN: String(load.generations),
    WAITING_ROOM_MAX: String(load.generations),
    WAITING_ROOM_ACCESS_SECONDS: '15',
    WAITING_ROOM_TICK_MS: '500',
  };
  const loadConfigOf: Config = loadConfig({ ...process.env, ...env });
  const product = await startProduct(env);
  const provider = await createProvider(loadConfigOf, createLogger('warn', 'bench'));
  try {
    return await loadRun({
      config: loadConfigOf,
      url: product.url,
      provider,
      characterId,
      ...load,
    });
  } finally {
    await provider.close();
    await product.stop();
  }
}

/** 11. The waiting-room run: access lasts 5 s, so each tick after it lets the next 500 in. */
function runWaiters(): Promise<WaitersReport> {
  const redisPrefix = `${prefix}waiters:`;
  const env = {
    ...shared,
    REDIS_PREFIX: redisPrefix,
    WAITING_ROOM_MIN: String(waiters.admitted),
    WAITING_ROOM_MAX: String(waiters.admitted),
    WAITING_ROOM_ACCESS_SECONDS: '5',
    WAITING_ROOM_IDLE_SECONDS: '5',
    METRICS_EVENT_LOOP_MS: '5',
  };
  return waitersRun({ env, redis: base, prefix: redisPrefix, ...waiters });
}

/** 12. The stream ceiling: the product's processes on a Redis prefix of their own. */
function runCeiling(): Promise<CeilingReport> {
  return ceilingRun({
    env: { ...shared, REDIS_PREFIX: `${prefix}ceiling:` },
    redisUrl: base.REDIS_URL,
    rawPrefix: `${prefix}ceiling-raw:`,
    databaseUrl,
    characterId,
    sides: process.env.BENCH_CEILING_SIDES?.split(',') ?? [],
  });
}

/** The wire's own time to first token in the group run, taken off each hand-over gap. */
const groupWireFirstMs = 20;

/** 7. Three bots in a chain of Auto Response replies, against a short, paced wire reply. */
async function runGroup(): Promise<GroupReport> {
  const wire = await startHelper(
    'scripts/bench/wire-main.ts',
    { WIRE_CHUNKS: '24', WIRE_FIRST_MS: String(groupWireFirstMs), WIRE_GAP_MS: '5' },
    /wire listening at (\S+)/,
  );
  const product = await startProduct({
    ...shared,
    REDIS_PREFIX: `${prefix}group:`,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.url,
    LLM_MODEL: 'wire',
  });
  const groupDb = createDb(databaseUrl, 2);
  try {
    return await groupRun(product.url, groupDb, groupId, 10 * scale, groupWireFirstMs);
  } finally {
    await groupDb.destroy();
    await product.stop();
    await wire.child.stop();
  }
}

/** 8. The lorebook scan, with the remote providers' token estimate and the tiny model's tokenizer. */
async function runLore(): Promise<LoreScanCase[]> {
  const provider = await createProvider(
    { ...config, LLM_PROVIDER: 'local' },
    createLogger('warn', 'bench'),
  );
  try {
    return loreScanRun({
      'estimate (remote models)': (text) => Math.ceil(text.length / 4),
      'tiny model tokenizer': (text) => provider.countTokens(text),
    });
  } finally {
    await provider.close();
  }
}

/** BENCH_ONLY=path,…,ceiling runs some of the parts (all by default). */
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'path,local,load,search,long,group,lore,leaderboard,speech,waiters,ceiling,cluster'
  ).split(','),
);
let group: GroupReport | undefined;
let path: PathWindow[] = [];
let search: SearchReport | undefined;
let local: LocalReport | undefined;
let loadReport: LoadReport | undefined;
let longChat: LongChatReport | undefined;
let lore: LoreScanCase[] = [];
let leaderboard: LeaderboardReport | undefined;
let speech: SpeechReport | undefined;
let waitersReport: WaitersReport | undefined;
let ceiling: CeilingReport | undefined;
let cluster: ClusterReport | undefined;
try {
  if (only.has('path')) path = await runPath();
  if (only.has('group')) group = await runGroup();
  if (only.has('lore')) lore = await runLore();
  if (only.has('local')) local = await runLocal();
  if (only.has('load')) loadReport = await runLoad();
  if (only.has('search')) search = await searchRun();
  if (only.has('long')) {
    longChat = await longChatRun(
      { ...shared, REDIS_PREFIX: `${prefix}long:` },
      characterId,
      200 * scale,
    );
  }
  if (only.has('leaderboard')) leaderboard = await leaderboardRun();
  if (only.has('speech')) {
    speech = await speechRun(
      { ...shared, REDIS_PREFIX: `${prefix}speech:` },
      characterId,
      speechRounds,
    );
  }
  if (only.has('waiters')) waitersReport = await runWaiters();
  if (only.has('ceiling')) ceiling = await runCeiling();
  if (only.has('cluster')) {
    cluster = await clusterRun({
      env: { ...shared, REDIS_PREFIX: `${prefix}cluster:` },
      characterId,
      chats: 100,
      rounds: 3 * scale,
    });
  }
} finally {
  await cleanUp();
}

// ---- report ------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? String(round(n, digits)) : '–');
const ttfts = (s: readonly Sample[]) =>
  s.filter((x) => x.outcome === 'completed').map((x) => x.ttftMs);
const speeds = (s: readonly Sample[]) =>
  s
    .filter((x) => x.outcome === 'completed')
    .map((x) => x.charsPerSecond)
    .filter(Number.isFinite);

function counts(s: readonly Sample[]) {
  return {
    requested: s.length,
    completed: s.filter((x) => x.outcome === 'completed').length,
    failed: s.filter((x) => x.outcome === 'failed').length,
    lost: s.filter((x) => x.outcome === 'lost').length,
    duplicated: s.filter((x) => x.outcome === 'duplicated').length,
  };
}
const countText = (s: readonly Sample[]) => {
  const c = counts(s);
  return `${String(c.failed)} / ${String(c.lost)} / ${String(c.duplicated)}`;
};

const pathSummary = pathPlan
  .filter(() => path.length > 0)
  .map(({ concurrency }) => {
    const windows = (side: Side) =>
      path.filter((w) => w.concurrency === concurrency && w.side === side);
    const samples = (side: Side) => windows(side).flatMap((w) => w.samples);
    const perKiloChunk = (side: Side, of: 'cpuMs' | 'serverCpuMs' | 'wakeUps') => {
      const total = windows(side).reduce((sum, w) => sum + w[of], 0);
      const chunks = samples(side).reduce((sum, x) => sum + x.chunks, 0);
      return (total * 1000) / chunks;
    };
    const direct = ttfts(samples('direct'));
    const added = (side: Side, q: number) =>
      quantile(ttfts(samples(side)), q) - quantile(direct, q);
    const delivered = (side: Side) =>
      median(speeds(samples(side))) / median(speeds(samples('direct')));
    return {
      concurrency,
      directTtftP50: median(direct),
      directTtftP95: quantile(direct, 0.95),
      proxyAddedP50: added('proxy', 0.5),
      proxyAddedP95: added('proxy', 0.95),
      productAddedP50: added('product', 0.5),
      productAddedP95: added('product', 0.95),
      proxyDelivered: delivered('proxy'),
      productDelivered: delivered('product'),
      proxyCpuPerKiloChunk: perKiloChunk('proxy', 'cpuMs'),
      productCpuPerKiloChunk: perKiloChunk('product', 'cpuMs'),
      productServerCpuPerKiloChunk: perKiloChunk('product', 'serverCpuMs'),
      productFramesPerReply: median(samples('product').map((x) => x.frames ?? 0)),
      proxyWakeUpsPerKiloChunk: perKiloChunk('proxy', 'wakeUps'),
      productWakeUpsPerKiloChunk: perKiloChunk('product', 'wakeUps'),
      proxyCounts: counts(samples('proxy')),
      productCounts: counts(samples('product')),
      directCounts: counts(samples('direct')),
    };
  });

const lines: string[] = [];
if (only.has('path')) {
  lines.push(
    `Path run: a paced OpenAI-wire server (256 chunks, 20 ms apart) reached directly, through a bare proxy and through the product; rounds ${pathPlan.map((p) => `${String(p.concurrency)}×${String(p.rounds)}`).join(', ')}, rotated`,
    '',
    '| chats | direct TTFT p50 / p95 | added by the proxy p50 / p95 | added by the product p50 / p95 | delivered rate, proxy / product | CPU ms per 1k chunks, proxy / product (its server + worker) | wake-ups per 1k chunks, proxy / product | frames per reply | failed / lost / duplicated, proxy; product |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...pathSummary.map((s) =>
      [
        '',
        String(s.concurrency),
        `${fmt(s.directTtftP50)} / ${fmt(s.directTtftP95)} ms`,
        `+${fmt(s.proxyAddedP50)} / +${fmt(s.proxyAddedP95)} ms`,
        `+${fmt(s.productAddedP50)} / +${fmt(s.productAddedP95)} ms`,
        `${fmt(s.proxyDelivered * 100)}% / ${fmt(s.productDelivered * 100)}%`,
        `${fmt(s.proxyCpuPerKiloChunk)} / ${fmt(s.productCpuPerKiloChunk)} (${fmt(s.productCpuPerKiloChunk / s.proxyCpuPerKiloChunk, 2)}×; ${fmt(s.productServerCpuPerKiloChunk)} + ${fmt(s.productCpuPerKiloChunk - s.productServerCpuPerKiloChunk)})`,
        `${fmt(s.proxyWakeUpsPerKiloChunk)} / ${fmt(s.productWakeUpsPerKiloChunk)} (${fmt(s.productWakeUpsPerKiloChunk / s.proxyWakeUpsPerKiloChunk, 2)}×)`,
        fmt(s.productFramesPerReply, 0),
        `${countText(path.filter((w) => w.concurrency === s.concurrency && w.side === 'proxy').flatMap((w) => w.samples))}; ${countText(path.filter((w) => w.concurrency === s.concurrency && w.side === 'product').flatMap((w) => w.samples))}`,
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  );
}
if (local) {
  const d = ttfts(local.direct);
  const p = ttfts(local.product);
  lines.push(
    '',
    `Local model (${config.LLM_MODEL ?? ''}), one chat at a time, ${String(localRounds)} rounds alternating`,
    '',
    '| TTFT p50 direct → product (added) | TTFT p95 direct → product (added) | delivered rate | failed / lost / duplicated |',
    '| --- | --- | --- | --- |',
    `| ${fmt(median(d))} → ${fmt(median(p))} ms (+${fmt(median(p) - median(d))}) | ${fmt(quantile(d, 0.95))} → ${fmt(quantile(p, 0.95))} ms (+${fmt(quantile(p, 0.95) - quantile(d, 0.95))}) | ${fmt((median(speeds(local.product)) / median(speeds(local.direct))) * 100)}% | ${countText(local.product)} |`,
    '',
    'Bursts with the default local settings (new conversations, all sent at once)',
    '',
    '| replies at once | completed | failed | lost | duplicated | all ended in |',
    '| --- | --- | --- | --- | --- | --- |',
    ...local.bursts.map((b) => {
      const c = counts(b.samples);
      return `| ${String(b.requested)} | ${String(c.completed)} | ${String(c.failed)} | ${String(c.lost)} | ${String(c.duplicated)} | ${fmt(b.elapsedMs / 1000)} s |`;
    }),
  );
}
if (loadReport) {
  const r = loadReport;
  const t = ttfts(r.product);
  const dt = ttfts(r.direct);
  const kib = (bytes: number) => fmt(bytes / 1024);
  lines.push(
    '',
    `Load: ${String(r.sockets)} chat sockets on one server process, ${String(r.generations)} generating at once, the rest in the waiting room`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| TTFT p50 / p95 / p99, through the product | ${fmt(median(t))} / ${fmt(quantile(t, 0.95))} / ${fmt(quantile(t, 0.99))} ms |`,
    `| TTFT p50 / p95 / p99, model direct at the same concurrency | ${fmt(median(dt))} / ${fmt(quantile(dt, 0.95))} / ${fmt(quantile(dt, 0.99))} ms |`,
    `| chars/s per stream, model direct → delivered | ${fmt(median(speeds(r.direct)), 0)} → ${fmt(median(speeds(r.product)), 0)} (${fmt((median(speeds(r.product)) / median(speeds(r.direct))) * 100)}%) |`,
    `| replies failed / lost / duplicated | ${countText(r.product)} of ${String(r.product.length)} |`,
    `| waiting-room update latency p50 / p95 / max (${String(r.updateLatencyMs.length)} updates) | ${fmt(median(r.updateLatencyMs))} / ${fmt(quantile(r.updateLatencyMs, 0.95))} / ${fmt(Math.max(...r.updateLatencyMs))} ms |`,
    `| server memory per socket: RSS / heap | ${kib(r.rssPerSocket)} / ${kib(r.heapPerSocket)} KiB |`,
  );
}

if (search) lines.push('', ...searchLines(search));
if (leaderboard) lines.push('', ...leaderboardLines(leaderboard));
if (longChat) lines.push('', ...longChatLines(longChat));
if (speech) lines.push('', ...speechLines(speech));
if (waitersReport) lines.push('', ...waitersLines(waitersReport));
if (ceiling) lines.push('', ...ceilingLines(ceiling));
if (cluster) lines.push('', ...clusterLines(cluster));
if (group) {
  const g = group.gapsMs;
  lines.push(
    '',
    `Group run: three bots with Auto Response, ${String(group.rounds)} rounds of ${String(group.expected / group.rounds)} replies, a paced wire reply (24 chunks; its ${String(groupWireFirstMs)} ms first token taken off)`,
    '',
    '| hand-over gap p50 / p95 / max (target p95 ≤ 25 ms) | hand-overs | replies completed | failed / lost / duplicated |',
    '| --- | --- | --- | --- |',
    `| ${fmt(median(g))} / ${fmt(quantile(g, 0.95))} / ${fmt(Math.max(...g))} ms | ${String(g.length)} | ${String(group.completed)} of ${String(group.expected)} | ${String(group.failed)} / ${String(group.lost)} / ${String(group.duplicated)} |`,
  );
}

if (lore.length > 0) {
  lines.push(
    '',
    'Lorebook run: a reply prompt built over the last 20 messages without and with a 100-entry lorebook (scan depth 20), 2,000 builds each, alternating',
    '',
    '| tokenizer | entries fired | build p50 / p95 without | build p50 / p95 with | added p50 / p95 (target ≤ 2 ms) | first build with the book |',
    '| --- | --- | --- | --- | --- | --- |',
    ...lore.map(
      (c) =>
        `| ${c.tokenizer} | ${String(c.fired)} | ${fmt(c.withoutP50, 3)} / ${fmt(c.withoutP95, 3)} ms | ${fmt(c.withP50, 3)} / ${fmt(c.withP95, 3)} ms | +${fmt(c.withP50 - c.withoutP50, 3)} / +${fmt(c.withP95 - c.withoutP95, 3)} ms | ${fmt(c.firstMs, 3)} ms |`,
    ),
  );
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/bench.json',
  JSON.stringify(
    {
      pathPlan,
      pathSummary,
      path,
      local,
      load: loadReport,
      search,
      longChat,
      group,
      lore,
      leaderboard,
      speech,
      waiters: waitersReport,
      ceiling,
      cluster,
    },
    null,
    2,
  ),
);
writeFileSync('bench-results/bench.md', `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
const everything = [
  ...path.flatMap((w) => w.samples),
  ...(local ? [...local.product, ...local.bursts.flatMap((b) => b.samples)] : []),
  ...(loadReport?.product ?? []),
  ...(cluster?.windows.flatMap((w) => w.samples) ?? []),
];
const bad =
  everything.filter((s) => s.outcome !== 'completed').length +
  (group ? group.failed + group.lost + group.duplicated : 0) +
  (leaderboard ? leaderboard.computeFailed + leaderboard.pageFailed : 0) +
  (speech ? speechBad(speech) : 0) +
  (waitersReport ? waitersBad(waitersReport) : 0) +
  (ceiling ? ceilingBad(ceiling) : 0);
if (bad > 0) {
  process.stdout.write(`\n${String(bad)} replies or clips did not complete: not a result.\n`);
}
process.exit(bad > 0 || search?.kind === 'missing' ? 1 : 0);
