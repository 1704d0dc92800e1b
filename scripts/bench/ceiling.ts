/**
 * The per-process stream ceiling (issue 29; docs/performance.md, G3): the most concurrent streams one
 * process carries with frame delay p99 at most 50 ms, the raw baselines and the product in one run,
 * one process measured at a time:
 * - raw Socket.IO: a bare Socket.IO server emitting paced frames to N sockets (socketio-main.ts);
 * - raw Redis pub/sub: one publisher on N channels (publisher-main.ts), one bare subscriber to all of
 *   them (subscriber-main.ts);
 * - product server: the real server process relaying frames published the workers' way (the same
 *   publisher) to N guest sockets, each watching its own conversation;
 * - product worker: the real worker writing N replies at once from a paced wire server whose chunks
 *   carry their send time, its frames taken by the bare subscriber.
 * Every stream sends a frame each 50 ms stamped with its due time (stream-frames.ts); the delay is
 * taken where the frame is received, in processes of their own (sockets-main.ts for sockets). N ramps
 * up for a few seconds a step until a step fails. Goals: the product at least 75% of the raw ceiling
 * (server against Socket.IO, worker against Redis pub/sub), at least 2,000 streams per server process.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb, type Db } from '#server/db/database';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as users from '#server/db/repositories/users.repo';
import { redisKeys } from '#server/lib/redis-keys';
import { frameIntervalMs } from '#workers/lib/reply-stream';
import { ceilingOf, frameDelayLimitMs, isPassing, type StepOutcome } from './ceiling-search';
import { command } from './control';
import { measureCpu, productProcesses, startHelper, type Child } from './processes';
import { median, quantile } from './stats';
import { monotonicMs, type ReceiverReport } from './stream-frames';

export type SideName = 'raw Socket.IO' | 'raw Redis pub/sub' | 'product server' | 'product worker';

export interface CeilingStep extends StepOutcome {
  sent: number;
  received: number;
  p50Ms: number;
  /** CPU of each of the side's processes while the step ran, in % of one core, measured one first. */
  cpuPercent: Record<string, number>;
}

export interface SideReport {
  side: SideName;
  steps: CeilingStep[];
}

export interface CeilingReport {
  plan: readonly number[];
  windowMs: number;
  sides: SideReport[];
}

/** Stream counts tried in turn, up to the first step that fails. */
const plan = [250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000] as const;
const windowMs = 3_000;
/** A first, uncounted window at the first step: connections, JIT and buffers warm up. */
const warmUpMs = 1_000;
/** A pause after new streams connect, so their handshakes' work is not in the window. */
const settleMs = 500;
/** How long after the last frame is sent a frame may still arrive; a later one counts as lost. */
const drainMs = 1_000;
/** Client processes holding the sockets, so the sockets' side of the work is spread over cores. */
const clientProcesses = 2;

interface SendReport {
  sent: number;
  failed: number;
}

/** How a side is driven: brought to n streams, run for a window, its receivers read. */
interface SideDriver {
  name: SideName;
  /** The side's processes by role, the measured one first. */
  processes: { role: string; child: Child }[];
  /** Control addresses of the processes that receive the frames and tally them. */
  receivers: string[];
  /** Makes n streams ready (n never shrinks). */
  grow: (n: number) => Promise<void>;
  /** Runs a window: every stream's frames for `ms` (a worker's replies always last a full window). */
  send: (window: number, streams: number, ms: number) => Promise<SendReport>;
}

export interface CeilingOptions {
  /** The product's settings (its own Redis prefix among them). */
  env: Record<string, string>;
  redisUrl: string;
  /** A prefix of the run's own, for the raw side's channels. */
  rawPrefix: string;
  databaseUrl: string;
  characterId: string;
  /** The sides to ramp (all when empty), to look at one alone. */
  sides: readonly string[];
}

interface SocketSpec {
  guestId?: string;
  conversationId?: string;
}

async function startClients(targetUrl: string): Promise<{ children: Child[]; urls: string[] }> {
  const started = await Promise.all(
    Array.from({ length: clientProcesses }, () =>
      startHelper(
        'scripts/bench/sockets-main.ts',
        { TARGET_URL: targetUrl },
        /sockets control at (\S+)/,
      ),
    ),
  );
  return { children: started.map((s) => s.child), urls: started.map((s) => s.url) };
}

/** Spreads new sockets over the client processes, round robin. */
async function addSockets(clientUrls: readonly string[], specs: readonly SocketSpec[]) {
  await Promise.all(
    clientUrls.map((url, i) =>
      command(url, 'connect', {
        sockets: specs.filter((_, j) => j % clientUrls.length === i),
      }),
    ),
  );
}

/** Guests with a conversation each, made in the database as the product would have them. */
async function createWatchers(db: Db, characterId: string, count: number): Promise<SocketSpec[]> {
  const one = async () => {
    const guestId = randomUUID();
    const user = await users.upsertGuest(db, guestId);
    const conversation = await conversations.create(db, { userId: user.id, characterId });
    return { guestId, conversationId: conversation.id };
  };
  const watchers: SocketSpec[] = [];
  for (let i = 0; i < count; i += 50) {
    watchers.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, one))));
  }
  return watchers;
}

/** What a side started and must stop at its end, last started first. */
type Started = { stop: () => Promise<void> }[];

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function startRawSocketIo(started: Started): Promise<SideDriver> {
  const server = await startHelper(
    'scripts/bench/socketio-main.ts',
    {},
    /socket.io server at (\S+)/,
  );
  started.push(server.child);
  const clients = await startClients(server.url);
  started.push(...clients.children);
  let connected = 0;
  return {
    name: 'raw Socket.IO',
    processes: [
      { role: 'server', child: server.child },
      ...clients.children.map((child) => ({ role: 'clients', child })),
    ],
    receivers: clients.urls,
    grow: async (n) => {
      await addSockets(
        clients.urls,
        Array.from({ length: n - connected }, () => ({})),
      );
      connected = n;
    },
    send: (window, streams, ms) =>
      command<SendReport>(server.url, 'stream', { streams, window, windowMs: ms }),
  };
}

/** Starts the bare Redis publisher or subscriber (publisher-main.ts, subscriber-main.ts). */
async function startRedisPeer(
  role: 'publisher' | 'subscriber',
  redisUrl: string,
  started: Started,
) {
  const peer = await startHelper(
    `scripts/bench/${role}-main.ts`,
    { REDIS_URL: redisUrl },
    new RegExp(`${role} control at (\\S+)`),
  );
  started.push(peer.child);
  return peer;
}

async function startRawRedis(opts: CeilingOptions, started: Started): Promise<SideDriver> {
  const publisher = await startRedisPeer('publisher', opts.redisUrl, started);
  const subscriber = await startRedisPeer('subscriber', opts.redisUrl, started);
  const keys = redisKeys(opts.rawPrefix);
  const conversationIds: string[] = [];
  return {
    name: 'raw Redis pub/sub',
    processes: [
      { role: 'subscriber', child: subscriber.child },
      { role: 'publisher', child: publisher.child },
    ],
    receivers: [subscriber.url],
    grow: async (n) => {
      const added = Array.from({ length: n - conversationIds.length }, () => randomUUID());
      conversationIds.push(...added);
      await command(subscriber.url, 'subscribe', {
        channels: added.map((id) => keys.conversationChannel(id)),
      });
    },
    send: (window, streams, ms) =>
      command<SendReport>(publisher.url, 'stream', {
        prefix: opts.rawPrefix,
        conversationIds: conversationIds.slice(0, streams),
        window,
        windowMs: ms,
      }),
  };
}

async function startProductServer(opts: CeilingOptions, started: Started): Promise<SideDriver> {
  const prefix = opts.env.REDIS_PREFIX ?? '';
  const product = await productProcesses(opts.env);
  const server = await product.startServer();
  started.push(server);
  const feeder = await startRedisPeer('publisher', opts.redisUrl, started);
  const clients = await startClients(product.url);
  started.push(...clients.children);
  const db = createDb(opts.databaseUrl, 4);
  started.push({ stop: () => db.destroy() });
  const conversationIds: string[] = [];
  return {
    name: 'product server',
    processes: [
      { role: 'server', child: server },
      { role: 'feeder', child: feeder.child },
      ...clients.children.map((child) => ({ role: 'clients', child })),
    ],
    receivers: clients.urls,
    grow: async (n) => {
      const watchers = await createWatchers(db, opts.characterId, n - conversationIds.length);
      await addSockets(clients.urls, watchers);
      conversationIds.push(...watchers.map((w) => w.conversationId ?? ''));
    },
    send: (window, streams, ms) =>
      command<SendReport>(feeder.url, 'stream', {
        prefix,
        conversationIds: conversationIds.slice(0, streams),
        window,
        windowMs: ms,
      }),
  };
}

/**
 * The worker side's timing. Its N replies start spread over `sendSpreadMs` (chats start at different
 * times) and stream long enough that the window, which opens once every send is answered, sees all N
 * streaming: the replies' starts and ends (their database and queue work) fall outside it.
 */
const worker = {
  sendSpreadMs: 1_000,
  /** Room for sends answered later than their spread on a busy server. */
  lateSendsMs: 2_000,
  /** Between the last send answered and the window, and between the window and the first reply's end. */
  marginMs: 500,
  firstChunkMs: 50,
  /**
   * The wire's chunks come a little slower than the frame interval, so each finds its stream's
   * interval over and goes out at once as its own frame: the delay measured is the worker's work.
   * At exactly the interval, jitter puts about half the chunks just early, and each then waits for the
   * next frame by design (reply-stream.ts; 30 ms p50 at 250 streams when tried).
   */
  chunkGapMs: frameIntervalMs + 5,
};
const replyMs = worker.sendSpreadMs + worker.lateSendsMs + 2 * worker.marginMs + windowMs;

/** How many of the first n sockets client process i of k holds (addSockets deals them round robin). */
const shareOf = (n: number, i: number, k: number) => Math.max(0, Math.ceil((n - i) / k));

/**
 * The real worker writing N replies at once against the paced wire server, whose chunks carry their
 * send time; the product's server only takes the sends (its sockets leave at once), and a bare
 * subscriber to every conversation channel takes the frames, so the worker is the process measured.
 * Sharded channels have no patterns: the subscriber takes each new conversation's channel as its send
 * is answered, before the window opens.
 */
async function startProductWorker(opts: CeilingOptions, started: Started): Promise<SideDriver> {
  const prefix = `${opts.env.REDIS_PREFIX ?? ''}worker:`;
  const wire = await startHelper(
    'scripts/bench/wire-main.ts',
    {
      WIRE_CHUNKS: String(Math.ceil(replyMs / worker.chunkGapMs)),
      WIRE_FIRST_MS: String(worker.firstChunkMs),
      WIRE_GAP_MS: String(worker.chunkGapMs),
      WIRE_STAMP: '1',
    },
    /wire listening at (\S+)/,
  );
  started.push(wire.child);
  const wireControl = /wire control at (\S+)/.exec(wire.child.output())?.[1] ?? '';
  const product = await productProcesses({
    ...opts.env,
    REDIS_PREFIX: prefix,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.url,
    LLM_MODEL: 'wire',
    WORKER_CONCURRENCY: String(plan.at(-1)),
  });
  const workerProcess = await product.startWorker();
  started.push(workerProcess);
  const server = await product.startServer();
  started.push(server);
  const subscriber = await startRedisPeer('subscriber', opts.redisUrl, started);
  const clients = await startClients(product.url);
  started.push(...clients.children);
  let connected = 0;
  return {
    name: 'product worker',
    processes: [
      { role: 'worker', child: workerProcess },
      { role: 'wire', child: wire.child },
      { role: 'server', child: server },
      { role: 'subscriber', child: subscriber.child },
      ...clients.children.map((child) => ({ role: 'clients', child })),
    ],
    receivers: [subscriber.url],
    grow: async (n) => {
      const guests = Array.from({ length: n - connected }, () => ({ guestId: randomUUID() }));
      await addSockets(clients.urls, guests);
      connected = n;
    },
    send: async (window, streams) => {
      const firstSendAt = monotonicMs();
      const answers = await Promise.all(
        clients.urls.map((url, i) =>
          command<{ failed: number; conversationIds: string[] }>(url, 'send', {
            characterId: opts.characterId,
            content: `ceiling window ${String(window)}`,
            sockets: shareOf(streams, i, clients.urls.length),
            spreadMs: worker.sendSpreadMs,
          }),
        ),
      );
      const answeredAt = monotonicMs();
      await command(subscriber.url, 'subscribe', {
        channels: answers.flatMap((a) =>
          a.conversationIds.map(redisKeys(prefix).conversationChannel),
        ),
      });
      const from = answeredAt + worker.marginMs;
      // The window closes before the first reply ends, even when the sends were answered late.
      const to = Math.min(from + windowMs, firstSendAt + replyMs - worker.marginMs);
      await command(wireControl, 'span', { window, from, to });
      // Every reply has ended once the last one answered has streamed its length.
      await sleep(answeredAt + worker.firstChunkMs + replyMs - monotonicMs());
      const { sent } = await command<{ sent: number }>(wireControl, 'sent', { window });
      return { sent, failed: sum(answers.map((a) => a.failed)) };
    },
  };
}

/** One window of `streams` streams: sent, drained, then every receiver's tally of it. */
async function runWindow(
  driver: SideDriver,
  window: number,
  streams: number,
  ms = windowMs,
): Promise<CeilingStep> {
  await sleep(settleMs);
  const startedAt = performance.now();
  const { result: sent, cpuMsEach } = await measureCpu(
    driver.processes.map((p) => p.child),
    () => driver.send(window, streams, ms),
  );
  const elapsedMs = performance.now() - startedAt;
  await sleep(drainMs);
  const reports = await Promise.all(
    driver.receivers.map((url) => command<ReceiverReport>(url, 'report', { window })),
  );
  const delaysMs = reports.flatMap((r) => r.delaysMs);
  const received = sum(reports.map((r) => r.received));
  const cpuPercent: Record<string, number> = {};
  for (const [i, { role }] of driver.processes.entries()) {
    cpuPercent[role] = (cpuPercent[role] ?? 0) + ((cpuMsEach[i] ?? 0) * 100) / elapsedMs;
  }
  return {
    streams,
    sent: sent.sent,
    received,
    p50Ms: median(delaysMs),
    p99Ms: quantile(delaysMs, 0.99),
    failed: sent.failed + sum(reports.map((r) => r.failed)),
    lost: Math.max(0, sent.sent - received),
    duplicated: sum(reports.map((r) => r.duplicated)),
    cpuPercent,
  };
}

/**
 * Ramps a side's streams up the plan, a window a step, until a step fails twice in a row: the machine
 * is shared, and one stall elsewhere should not end the ramp.
 */
async function ramp(driver: SideDriver): Promise<SideReport> {
  const steps: CeilingStep[] = [];
  let window = 0;
  await driver.grow(plan[0]);
  await runWindow(driver, window, plan[0], warmUpMs);
  for (const streams of plan) {
    await driver.grow(streams);
    const step = await runWindow(driver, ++window, streams);
    steps.push(step);
    if (isPassing(step)) continue;
    const again = await runWindow(driver, ++window, streams);
    steps.push(again);
    if (!isPassing(again)) break;
  }
  return { side: driver.name, steps };
}

/** Starts a side, ramps it, and stops everything it started (also when it fails). */
async function measureSide(start: (started: Started) => Promise<SideDriver>): Promise<SideReport> {
  const started: Started = [];
  try {
    return await ramp(await start(started));
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

export async function ceilingRun(opts: CeilingOptions): Promise<CeilingReport> {
  const starters: Record<SideName, (started: Started) => Promise<SideDriver>> = {
    'raw Socket.IO': startRawSocketIo,
    'raw Redis pub/sub': (started) => startRawRedis(opts, started),
    'product server': (started) => startProductServer(opts, started),
    'product worker': (started) => startProductWorker(opts, started),
  };
  const sides: SideReport[] = [];
  for (const [name, start] of Object.entries(starters)) {
    if (opts.sides.length === 0 || opts.sides.includes(name)) sides.push(await measureSide(start));
  }
  return { plan, windowMs, sides };
}

/** Connections failed and frames repeated in any step: never expected, however many streams. */
export function ceilingBad(r: CeilingReport): number {
  return sum(r.sides.flatMap((s) => s.steps.map((step) => step.failed + step.duplicated)));
}

/** The raw side each product side is held against. */
const rawOf: Partial<Record<SideName, SideName>> = {
  'product server': 'raw Socket.IO',
  'product worker': 'raw Redis pub/sub',
};

type Counts = Pick<StepOutcome, 'failed' | 'lost' | 'duplicated'>;

function totals(steps: readonly CeilingStep[]): Counts {
  return {
    failed: sum(steps.map((s) => s.failed)),
    lost: sum(steps.map((s) => s.lost)),
    duplicated: sum(steps.map((s) => s.duplicated)),
  };
}

export function ceilingLines(r: CeilingReport): string[] {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const counts = (c: Counts) => `${String(c.failed)} / ${String(c.lost)} / ${String(c.duplicated)}`;
  const delay = (step: CeilingStep) => `${fmt(step.p50Ms)} / ${fmt(step.p99Ms)} ms`;
  const cpu = (step: CeilingStep) =>
    Object.entries(step.cpuPercent)
      .map(([role, percent]) => `${role} ${percent.toFixed(0)}%`)
      .join(', ');
  const ceilings = new Map(r.sides.map((s) => [s.side, ceilingOf(s.steps)]));
  const summary = r.sides.map((s) => {
    const ceiling = ceilings.get(s.side);
    const raw = rawOf[s.side];
    const rawStreams = raw === undefined ? undefined : ceilings.get(raw)?.streams;
    const ratio =
      raw === undefined
        ? '–'
        : `${fmt(((ceiling?.streams ?? 0) * 100) / (rawStreams ?? Number.NaN))}% of ${raw}`;
    const cells =
      ceiling === undefined
        ? [`< ${String(r.plan[0])}`, '–', ratio, '–']
        : [String(ceiling.streams), delay(ceiling), ratio, cpu(ceiling)];
    return `| ${s.side} | ${cells.join(' | ')} | ${counts(totals(s.steps))} |`;
  });
  // Each step shows the measured process's CPU beside its delays: at equal streams, its cost per frame.
  // A step tried twice shows its second try.
  const stepCell = (step: CeilingStep | undefined) => {
    if (step === undefined) return '';
    const measured = Object.values(step.cpuPercent)[0] ?? Number.NaN;
    const cell = `${delay(step)}, ${measured.toFixed(0)}%`;
    return isPassing(step) ? cell : `${cell} ✗ (${counts(step)})`;
  };
  return [
    `Stream ceiling per process: the most concurrent streams (a frame every 50 ms each; the worker's, a model chunk every ${String(worker.chunkGapMs)} ms, one a frame, its window clear of the replies' starts and ends; delay taken at the receiving process) with frame delay p99 ≤ ${String(frameDelayLimitMs)} ms and every frame delivered once; ${String(r.windowMs / 1000)} s a step, ramped until a step fails twice, one process measured at a time; goals: the product ≥ 75% of raw, ≥ 2,000 streams per server process`,
    '',
    '| side | ceiling (streams) | frame delay p50 / p99 at the ceiling | product ÷ raw | CPU at the ceiling (% of one core) | failed / lost / duplicated, all steps |',
    '| --- | --- | --- | --- | --- | --- |',
    ...summary,
    '',
    'Each step: frame delay p50 / p99, and CPU of the measured process (the first named above); ✗ failed (failed / lost / duplicated)',
    '',
    `| streams | ${r.sides.map((s) => s.side).join(' | ')} |`,
    `| --- | ${r.sides.map(() => '---').join(' | ')} |`,
    ...r.plan
      .filter((n) => r.sides.some((s) => s.steps.some((step) => step.streams === n)))
      .map(
        (n) =>
          `| ${String(n)} | ${r.sides.map((s) => stepCell(s.steps.findLast((step) => step.streams === n))).join(' | ')} |`,
      ),
  ];
}
