/**
 * One process of the waiting-room run's waiters (scripts/bench/waiters.ts), so the clients' own work
 * is spread over processes and kept out of the server's: connects WAITERS guest sockets to PRODUCT_URL,
 * lines each up, and records when each pushed status arrives. On SIGTERM (the line no longer moves by
 * then) it asks every waiter's status once more, writes its report to WAITERS_REPORT and exits.
 */
import { writeFileSync } from 'node:fs';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { connectBenchGuest, type BenchSocket } from './chat-path';

/** What one waiters process saw; the run adds the reports of all its processes. */
export interface WaitersProcessReport {
  /** Sockets that could not connect or line up. */
  failed: number;
  /** Receive times (ms since the epoch) of every pushed status. */
  receivedAt: number[];
  /** Pushed statuses that repeat the socket's last one (a waiter told the same position twice). */
  duplicated: number;
  /** Waiters whose last pushed position differs from the one they are given when they ask. */
  lost: number;
}

interface Waiter {
  socket: BenchSocket;
  last: WaitingRoomStatus | null;
}

const url = process.env.PRODUCT_URL ?? '';
const count = Number(process.env.WAITERS ?? 0);
const reportFile = process.env.WAITERS_REPORT ?? '';
const batch = 100;

const sameStatus = (a: WaitingRoomStatus | null, b: WaitingRoomStatus) =>
  a !== null && a.status === b.status && a.position === b.position;

const report: WaitersProcessReport = { failed: 0, receivedAt: [], duplicated: 0, lost: 0 };
const waiters: Waiter[] = [];

async function lineUp(): Promise<Waiter | null> {
  try {
    const socket = await connectBenchGuest(url);
    const waiter: Waiter = { socket, last: null };
    socket.on('waiting-room:status', (status: WaitingRoomStatus) => {
      report.receivedAt.push(Date.now());
      if (sameStatus(waiter.last, status)) report.duplicated += 1;
      waiter.last = status;
    });
    const ack = await socket.emitWithAck('waiting-room:watch', { join: true });
    if (!ack.ok) throw new Error(ack.error.code);
    waiter.last ??= ack.data;
    return waiter;
  } catch {
    report.failed += 1;
    return null;
  }
}

for (let i = 0; i < count; i += batch) {
  const joined = await Promise.all(
    Array.from({ length: Math.min(batch, count - i) }, () => lineUp()),
  );
  for (const waiter of joined) if (waiter !== null) waiters.push(waiter);
}
process.stdout.write(`waiters connected ${String(waiters.length)}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    for (let i = 0; i < waiters.length; i += batch) {
      await Promise.all(
        waiters.slice(i, i + batch).map(async (waiter) => {
          const ack = await waiter.socket.emitWithAck('waiting-room:watch', { join: false });
          // A waiter must have been told where they stand; one told `access` may have used it up since.
          const isTold =
            waiter.last?.status === 'access' || (ack.ok && sameStatus(waiter.last, ack.data));
          if (!isTold) report.lost += 1;
        }),
      );
    }
    for (const waiter of waiters) waiter.socket.close();
    writeFileSync(reportFile, JSON.stringify(report));
    process.exit(0);
  })();
});
