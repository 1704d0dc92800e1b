/**
 * The waiting-room run (issue 29): ten thousand guests wait in line on one server process while the
 * line advances, each advance moving every waiter. Reports how long after an advance each waiter hears
 * its new position (goal: all within 500 ms), the server's longest event-loop block meanwhile (goal:
 * none over 20 ms), and the failed, lost and duplicated updates. The waiters run in processes of their
 * own (waiters-main.ts), so their work is neither the server's nor the line's clock.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRedis, type RedisTarget } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import { WaitingRoomMovedSchema } from '#shared/realtime/frames';
import { productProcesses, startProcess, type Child } from './processes';
import { median, quantile } from './stats';
import type { WaitersProcessReport } from './waiters-main';

export interface WaitersReport {
  waiters: number;
  /** Admission ticks that let someone in while the run watched. */
  advances: number;
  /** Milliseconds from the advance before each pushed status to its arrival. */
  latencyMs: number[];
  /** The server's longest event-loop delay sample while the line moved. */
  maxLagMs: number;
  failed: number;
  lost: number;
  duplicated: number;
}

/** The server's longest event-loop delay sample since the last scrape, in ms (each scrape resets it). */
async function maxEventLoopLagMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('charchat_server_nodejs_eventloop_lag_max_seconds '));
  return Number(line?.split(' ')[1] ?? Number.NaN) * 1000;
}

/** The latest advance at or before a time, by binary search over the advances in order. */
function advanceBefore(advances: readonly number[], at: number): number | undefined {
  let low = 0;
  let high = advances.length - 1;
  let found: number | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const advance = advances[mid] ?? Number.POSITIVE_INFINITY;
    if (advance <= at) {
      found = advance;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * Lines everyone up before the line starts to move: the server runs alone while the waiters join (with
 * no admission tick nobody is let in), then the worker starts and the line advances.
 */
export async function waitersRun(opts: {
  /** The product's settings: the waiting room on, a short access turn, fine event-loop samples. */
  env: Record<string, string>;
  redis: RedisTarget;
  prefix: string;
  waiters: number;
  processes: number;
  /** How long to watch the line move once everyone waits. */
  watchMs: number;
}): Promise<WaitersReport> {
  const product = await productProcesses(opts.env);
  const server = await product.startServer();
  let worker: Child | undefined;
  const advances: number[] = [];
  const listener = createRedis(opts.redis, 'subscriber');
  listener.on('message', (_channel: string, raw: string) => {
    const moved = WaitingRoomMovedSchema.parse(JSON.parse(raw));
    if (moved.admitted.length > 0) advances.push(moved.at);
  });
  await listener.subscribe(redisKeys(opts.prefix).waitingRoom.channel);
  const share = Math.ceil(opts.waiters / opts.processes);
  const files = Array.from({ length: opts.processes }, () =>
    path.join(tmpdir(), `charchat-waiters-${randomUUID()}.json`),
  );
  try {
    const children = await Promise.all(
      files.map((file, i) =>
        startProcess(
          'scripts/bench/waiters-main.ts',
          {
            PRODUCT_URL: product.url,
            WAITERS: String(Math.min(share, opts.waiters - i * share)),
            WAITERS_REPORT: file,
          },
          /waiters connected \d+/,
          600_000,
        ),
      ),
    );
    worker = await product.startWorker();
    await maxEventLoopLagMs(product.url);
    const watchFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, opts.watchMs));
    const maxLagMs = await maxEventLoopLagMs(product.url);
    // The line stops moving, then the waiters check what they were told against where they stand.
    await worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all(children.map((child) => child.stop()));
    const reports = files.map(
      (file): WaitersProcessReport =>
        JSON.parse(readFileSync(file, 'utf8')) as WaitersProcessReport, // eslint-disable-line @typescript-eslint/consistent-type-assertions -- written by waiters-main.ts just now
    );
    const watched = advances.filter((at) => at >= watchFrom);
    const latencyMs = reports
      .flatMap((r) => r.receivedAt)
      .filter((at) => at >= watchFrom)
      .map((at) => at - (advanceBefore(watched, at) ?? Number.NaN))
      .filter((ms) => !Number.isNaN(ms));
    const sum = (pick: (r: WaitersProcessReport) => number) =>
      reports.reduce((total, r) => total + pick(r), 0);
    return {
      waiters: opts.waiters,
      advances: watched.length,
      latencyMs,
      maxLagMs,
      failed: sum((r) => r.failed),
      lost: sum((r) => r.lost),
      duplicated: sum((r) => r.duplicated),
    };
  } finally {
    for (const file of files) rmSync(file, { force: true });
    await listener.quit();
    await worker?.stop();
    await server.stop();
  }
}

export function waitersBad(r: WaitersReport): number {
  return r.failed + r.lost + r.duplicated;
}

export function waitersLines(r: WaitersReport): string[] {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const late = r.latencyMs.filter((ms) => ms > 500).length;
  return [
    `Waiting room: ${String(r.waiters)} guests in line on one server process, the line advancing while they wait (every advance moves every waiter); goals: every update within 500 ms of its advance, no event-loop block over 20 ms`,
    '',
    '| advances | updates | update after its advance p50 / p99 / max | later than 500 ms | server event-loop block, longest | failed / lost / duplicated |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${String(r.advances)} | ${String(r.latencyMs.length)} | ${fmt(median(r.latencyMs))} / ${fmt(quantile(r.latencyMs, 0.99))} / ${fmt(Math.max(...r.latencyMs))} ms | ${String(late)} | ${fmt(r.maxLagMs)} ms | ${String(r.failed)} / ${String(r.lost)} / ${String(r.duplicated)} |`,
  ];
}
