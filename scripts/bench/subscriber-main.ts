/**
 * The raw Redis receiver of the ceiling run (scripts/bench/ceiling.ts): one bare ioredis subscriber
 * to every stream's conversation channel (sharded, as the product's), tallying the `generation:delta`
 * frames it receives. Commands: `subscribe` adds channels, `report` answers a window.
 */
import { z } from 'zod';
import { loadConfig } from '#server/config';
import { createRedis } from '#server/lib/redis';
import { readEventPacket } from '#server/lib/event-packets';
import { serveControl } from './control';
import { FrameTally, monotonicMs, readDelta, type ReceiverReport } from './stream-frames';

const SubscribeSchema = z.object({ channels: z.array(z.string()) });
const ReportSchema = z.object({ window: z.number() });

/** SSUBSCRIBE commands in flight at once (one channel each, as on a cluster channels' slots differ). */
const batch = 1000;

const subscriber = createRedis(loadConfig(), 'subscriber');
const tally = new FrameTally();

function onFrame(raw: string): void {
  const receivedAt = monotonicMs();
  const frame = readEventPacket(raw);
  const delta = frame?.event === 'generation:delta' ? readDelta(frame.payload) : undefined;
  if (delta !== undefined) tally.record(delta, receivedAt);
}
subscriber.on('smessage', (_channel: string, raw: string) => {
  onFrame(raw);
});

await serveControl('subscriber control', {
  subscribe: async (body) => {
    const { channels } = SubscribeSchema.parse(body);
    for (let i = 0; i < channels.length; i += batch) {
      await Promise.all(channels.slice(i, i + batch).map((c) => subscriber.ssubscribe(c)));
    }
    return {};
  },
  report: (body) => {
    const report: ReceiverReport = { ...tally.take(ReportSchema.parse(body).window), failed: 0 };
    return Promise.resolve(report);
  },
});

process.on('SIGTERM', () => {
  void subscriber.quit().then(() => process.exit(0));
});
