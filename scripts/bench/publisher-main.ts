/**
 * The sender of the ceiling run's Redis frames (scripts/bench/ceiling.ts): publishes paced
 * `generation:delta` frames on conversation channels the way workers do (ReplyState's channel and frame
 * format), on an auto-pipelined connection as the worker's. With a bare subscriber it is the raw Redis
 * pub/sub side; feeding the product's server it stands in for the workers, so the server is measured.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '#server/config';
import { createRedis } from '#server/lib/redis';
import { ReplyState } from '#server/lib/reply-state';
import { serveControl } from './control';
import { paceStreams, stamp } from './stream-frames';

const StreamSchema = z.object({
  /** The Redis prefix whose conversation channels carry the frames. */
  prefix: z.string(),
  conversationIds: z.array(z.uuid()),
  window: z.number(),
  windowMs: z.number(),
});

const redis = createRedis(loadConfig(), 'pipelined');
const messageId = randomUUID();

await serveControl('publisher control', {
  stream: async (body) => {
    const { prefix, conversationIds, window, windowMs } = StreamSchema.parse(body);
    const replies = new ReplyState(redis, prefix);
    let failed = 0;
    const sent = await paceStreams(conversationIds.length, windowMs, (due) => {
      for (const { stream, seq, dueAt } of due) {
        const conversationId = conversationIds[stream] ?? '';
        const payload = { conversationId, messageId, seq, text: stamp(window, dueAt) };
        replies.publish(conversationId, { event: 'generation:delta', payload }).catch(() => {
          failed += 1;
        });
      }
    });
    return { sent, failed };
  },
});

process.on('SIGTERM', () => {
  void redis.quit().then(() => process.exit(0));
});
