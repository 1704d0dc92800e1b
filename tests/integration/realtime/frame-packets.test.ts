/**
 * Frames travel as the Socket.IO packets their sockets are sent (server/lib/reply-state.ts): those a
 * run publishes from Lua and those published from TypeScript read back as the frames they are, and a
 * server's FrameSubscriber hands on only packets of a frame event of ours, as they came. Real Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRedis, type Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import { decodeFrame, FrameSubscriber, ReplyState } from '#server/lib/reply-state';
import { testRedis } from '../../support/config';

let redis: Redis;
let subscriber: Redis;

beforeAll(() => {
  redis = createRedis(testRedis(), 'pipelined');
  subscriber = createRedis(testRedis(), 'subscriber');
});
afterAll(async () => {
  await Promise.all([redis.quit(), subscriber.quit()]);
});

it('hands on the packets of frame events only, each as it was published', async () => {
  const prefix = `packets-${randomUUID().slice(0, 8)}:`;
  const conversationId = randomUUID();
  const received: { conversationId: string; packet: string }[] = [];
  const frames = new FrameSubscriber(subscriber, prefix, (id, packet) => {
    received.push({ conversationId: id, packet });
  });
  await frames.add(conversationId);
  const replies = new ReplyState(redis, prefix);
  const channel = redisKeys(prefix).conversationChannel(conversationId);
  const run = { conversationId, replyId: randomUUID(), run: randomUUID() };
  const text = 'Quotes " and \\ back-slashes, «ünïcödé» and 🐉 / slashes';

  await replies.claim(conversationId, run.replyId);
  await replies.start(run);
  await replies.delta(run, text);
  // Not frames of ours: another event's packet, a packet of another type, and plain JSON.
  await redis.spublish(channel, '2["account:changed",{}]');
  await redis.spublish(channel, '3["generation:delta",{}]');
  await redis.spublish(channel, JSON.stringify({ event: 'generation:delta', payload: {} }));
  await replies.finish(run, {
    event: 'generation:failed',
    payload: { conversationId, messageId: run.replyId, error: { code: 'internal', message: 'x' } },
  });
  await expect.poll(() => received.length).toBe(3);

  expect(received.every((r) => r.conversationId === conversationId)).toBe(true);
  expect(received.map((r) => decodeFrame(r.packet))).toEqual([
    {
      event: 'generation:started',
      payload: { conversationId, messageId: run.replyId, seq: 0 },
    },
    {
      event: 'generation:delta',
      payload: { conversationId, messageId: run.replyId, seq: 1, text },
    },
    {
      event: 'generation:failed',
      payload: {
        conversationId,
        messageId: run.replyId,
        error: { code: 'internal', message: 'x' },
      },
    },
  ]);
  // As Socket.IO encodes an event of the main namespace: its type, then the JSON of [event, payload].
  expect(received[1]?.packet.startsWith('2["generation:delta",{')).toBe(true);
  await frames.remove(conversationId);
  await redis.del(redisKeys(prefix).inflight(conversationId));
});
