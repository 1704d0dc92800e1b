/**
 * The burst run (issue 7, part 1): many replies asked for at the same moment, several new
 * conversations per guest, against the product with its default settings. Counts every reply's outcome
 * (completed, failed, lost, duplicated) and the time until the last one ended.
 */
import { performance } from 'node:perf_hooks';
import { connectBenchGuest, timeReply, type Sample } from './chat-path';

export interface BurstReport {
  requested: number;
  samples: Sample[];
  elapsedMs: number;
}

export async function burstRun(
  url: string,
  characterId: string,
  guests: number,
  perGuest: number,
): Promise<BurstReport> {
  const sockets = await Promise.all(Array.from({ length: guests }, () => connectBenchGuest(url)));
  try {
    const start = performance.now();
    const samples = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: perGuest }, () => timeReply(socket, characterId)),
      ),
    );
    return { requested: guests * perGuest, samples, elapsedMs: performance.now() - start };
  } finally {
    for (const s of sockets) s.close();
  }
}
