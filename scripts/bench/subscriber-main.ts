/**
 * The raw Redis receiver of the ceiling run (scripts/bench/ceiling.ts): one bare ioredis subscriber
 * to every stream's conversation channel (or to a pattern of them), tallying the `generation:delta`
 * frames it receives. Commands: `subscribe` adds channels or a pattern, `report` answers a window.
 */
import { z } from 'zod';
import { createRedis } from '#server/lib/redis';
import { serveControl } from './control';
import { FrameTally, monotonicMs, readDelta, type ReceiverReport } from './stream-frames';

const SubscribeSchema = z.object({
  channels: z.array(z.string()).default([]),
  pattern: z.string().optional(),
});
const ReportSchema = z.object({ window: z.number() });

/** Channels per SUBSCRIBE command: thousands in a few round trips. */
const batch = 1000;

const subscriber = createRedis(process.env.REDIS_URL ?? '', 'subscriber');
const tally = new FrameTally();

function onFrame(raw: string): void {
  const receivedAt = monotonicMs();
  const frame: unknown = JSON.parse(raw);
  if (typeof frame !== 'object' || frame === null || !('payload' in frame)) return;
  const delta =
    'event' in frame && frame.event === 'generation:delta' ? readDelta(frame.payload) : undefined;
  if (delta !== undefined) tally.record(delta, receivedAt);
}
subscriber.on('message', (_channel: string, raw: string) => {
  onFrame(raw);
});
subscriber.on('pmessage', (_pattern: string, _channel: string, raw: string) => {
  onFrame(raw);
});

await serveControl('subscriber control', {
  subscribe: async (body) => {
    const { channels, pattern } = SubscribeSchema.parse(body);
    for (let i = 0; i < channels.length; i += batch) {
      await subscriber.subscribe(...channels.slice(i, i + batch));
    }
    if (pattern !== undefined) await subscriber.psubscribe(pattern);
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
