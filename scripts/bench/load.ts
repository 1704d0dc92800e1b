/**
 * Load run: many chat sockets on the product's server process, a hundred of them generating at once
 * with the tiny model while the rest wait in line. Reports time to first token (p50, p95, p99), the
 * delivered token rate against the model's own rate in the same run, every failed, lost or duplicated
 * reply, how long a moved line takes to reach waiters, and the server's memory per connected socket.
 */
import type { Config } from '#server/config';
import { createRedis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import { WaitingRoomMovedSchema } from '#shared/realtime/frames';
import type { ModelProvider } from '#workers/providers/provider';
import {
  connectBenchGuest,
  directRun,
  timeReply,
  type BenchSocket,
  type Sample,
} from './chat-path';

export interface LoadReport {
  sockets: number;
  generations: number;
  product: Sample[];
  direct: Sample[];
  /** Milliseconds from a line move (the admission tick) to each waiter's pushed update. */
  updateLatencyMs: number[];
  /** Server resident memory and heap growth per connected socket, in bytes. */
  rssPerSocket: number;
  heapPerSocket: number;
}

/** Reads one sample's value from the server's Prometheus text. */
async function serverMetric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

export async function loadRun(opts: {
  /** The product's config (its Redis prefix and waiting-room settings). */
  config: Config;
  url: string;
  provider: ModelProvider;
  characterId: string;
  sockets: number;
  generations: number;
}): Promise<LoadReport> {
  const { config, url } = opts;
  const ticks: number[] = [];
  const listener = createRedis(config, 'subscriber');
  listener.on('message', (_channel: string, raw: string) => {
    ticks.push(WaitingRoomMovedSchema.parse(JSON.parse(raw)).at);
  });
  await listener.subscribe(redisKeys(config.REDIS_PREFIX).waitingRoom.channel);
  const sockets: BenchSocket[] = [];
  try {
    // The model's own rate at this concurrency, measured first so access is fresh for the senders.
    const direct = await directRun(opts.provider, config, opts.generations);
    const rssBefore = await serverMetric(url, 'charchat_server_process_resident_memory_bytes');
    const heapBefore = await serverMetric(url, 'charchat_server_nodejs_heap_size_used_bytes');

    // Connect and watch the line in batches; the first ones in get access at once.
    const updateLatencyMs: number[] = [];
    const admitted: BenchSocket[] = [];
    for (let i = 0; i < opts.sockets; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, opts.sockets - i) }, async () => {
          const socket = await connectBenchGuest(url);
          socket.on('waiting-room:status', () => {
            const last = ticks.at(-1);
            if (last !== undefined) updateLatencyMs.push(Date.now() - last);
          });
          const ack = await socket.emitWithAck('waiting-room:watch', { join: true });
          if (!ack.ok) throw new Error(ack.error.code);
          return { socket, hasAccess: ack.data.status === 'access' };
        }),
      );
      for (const { socket, hasAccess } of batch) {
        sockets.push(socket);
        if (hasAccess) admitted.push(socket);
      }
    }
    const rssAfter = await serverMetric(url, 'charchat_server_process_resident_memory_bytes');
    const heapAfter = await serverMetric(url, 'charchat_server_nodejs_heap_size_used_bytes');

    const senders = admitted.slice(0, opts.generations);
    if (senders.length < opts.generations) {
      throw new Error(`only ${String(senders.length)} sockets were let in at once`);
    }
    const product = await Promise.all(senders.map((s) => timeReply(s, opts.characterId)));
    // Let the line move twice (access turning over) while the waiters listen.
    await new Promise((resolve) =>
      setTimeout(resolve, (2 * config.WAITING_ROOM_ACCESS_SECONDS + 2) * 1000),
    );
    return {
      sockets: opts.sockets,
      generations: opts.generations,
      product,
      direct,
      updateLatencyMs,
      rssPerSocket: (rssAfter - rssBefore) / opts.sockets,
      heapPerSocket: (heapAfter - heapBefore) / opts.sockets,
    };
  } finally {
    for (const s of sockets) s.close();
    await listener.quit();
  }
}
