/**
 * Frames travel as the Socket.IO packets their sockets are sent (server/lib/reply-state.ts): those a
 * run publishes from Lua and those published from TypeScript read back as the frames they are, and a
 * server's FrameSubscriber hands on only packets of a frame event of ours, as they came. A packet
 * written to a socket's connection reaches a Socket.IO client as the event it names. Real Redis, a
 * real Socket.IO server and client.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRedis, type Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';
import { eventPacket, readEventPacket } from '#server/lib/event-packets';
import { FrameSubscriber, ReplyState } from '#server/lib/reply-state';
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
  expect(received.map((r) => readEventPacket(r.packet))).toEqual([
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

it('reaches a Socket.IO client as the event it names, with its payload', async () => {
  const http = createServer();
  const server = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- a TCP listener has an AddressInfo
  const client = connect(`http://127.0.0.1:${String(port)}`, {
    transports: ['websocket'],
    reconnection: false,
  });
  try {
    const [socket] = await Promise.all([
      new Promise<Socket>((resolve) => server.once('connection', resolve)),
      new Promise<void>((resolve) => client.once('connect', resolve)),
    ]);
    const status = {
      status: 'waiting' as const,
      position: 12,
      timeLeft: 30,
      bypass: null,
      retryAfter: null,
    };
    const text = 'Quotes " and \\ back-slashes, «ünïcödé» and 🐉';
    const received = new Promise<unknown[]>((resolve) => {
      const got: unknown[] = [];
      client.onAny((event: string, payload: unknown) => {
        got.push([event, payload]);
        if (got.length === 2) resolve(got);
      });
    });
    socket.conn.write(eventPacket('waiting-room:status', status));
    socket.conn.write(
      eventPacket('generation:delta', {
        conversationId: randomUUID(),
        messageId: randomUUID(),
        seq: 1,
        text,
      }),
    );
    const [first, second] = await received;
    expect(first).toEqual(['waiting-room:status', status]);
    expect(second).toMatchObject(['generation:delta', { seq: 1, text }]);
  } finally {
    client.close();
    await server.close();
  }
});
