/**
 * The reply's gate in Redis (server/lib/reply-state.ts): a send's reply is written while the server
 * stores its message, and nothing of it is published before the server marks that message stored.
 * Runs the real scripts against real Redis, each test under a prefix of its own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRedis, type Redis } from '#server/lib/redis';
import { testRedis } from '../../support/config';
import { redisKeys } from '#server/lib/redis-keys';
import { readEventPacket } from '#server/lib/event-packets';
import { ReplyState, type ReplyRun } from '#server/lib/reply-state';
import type { Message } from '#shared/schemas/message';

/** A frame as a client reads it off the channel: the parts these tests look at. */
const FrameSchema = z.object({
  event: z.string(),
  payload: z.object({
    messageId: z.string().optional(),
    seq: z.number().optional(),
    text: z.string().optional(),
    isAutopilot: z.boolean().optional(),
    speakerId: z.string().optional(),
  }),
});
type Frame = z.infer<typeof FrameSchema>;
const StopSchema = z.object({ replyId: z.string() });
/** What the tests publish down a channel to learn that every frame before it has arrived. */
const ping = 'ping';

let redis: Redis;
/** Conversation channels (sharded) and the control channel (plain), on connections of their own. */
let subscriber: Redis;
let controlSubscriber: Redis;

beforeAll(() => {
  redis = createRedis(testRedis(), 'pipelined');
  subscriber = createRedis(testRedis(), 'subscriber');
  controlSubscriber = createRedis(testRedis(), 'subscriber');
});
afterAll(async () => {
  await Promise.all([redis.quit(), subscriber.quit(), controlSubscriber.quit()]);
});

/**
 * A ReplyState under a fresh prefix, the frames of the conversations of its replies (their sharded
 * channels, watched from the start) and the control messages published under it.
 */
async function harness() {
  const prefix = `gate-${randomUUID().slice(0, 8)}:`;
  const keys = redisKeys(prefix);
  const frames = new Map<string, Frame[]>();
  const stops: string[] = [];
  const watched: string[] = [];
  let pings = 0;
  await controlSubscriber.subscribe(keys.controlChannel);
  controlSubscriber.on('message', (channel: string, raw: string) => {
    if (channel !== keys.controlChannel) return;
    stops.push(StopSchema.parse(JSON.parse(raw)).replyId);
  });
  subscriber.on('smessage', (channel: string, raw: string) => {
    const id = keys.conversationOfChannel(channel);
    if (id === undefined) return;
    if (raw === ping) {
      pings += 1;
      return;
    }
    const frame = FrameSchema.parse(readEventPacket(raw));
    frames.set(id, [...(frames.get(id) ?? []), frame]);
  });
  /** A reply in a conversation of its own, whose channel is watched before anything is written. */
  const reply = async (): Promise<ReplyRun> => {
    const r = { conversationId: randomUUID(), replyId: randomUUID(), run: randomUUID() };
    await subscriber.ssubscribe(keys.conversationChannel(r.conversationId));
    watched.push(r.conversationId);
    return r;
  };
  // A ping down every channel watched: a channel keeps its messages in order, so once each ping is
  // back, every frame published before it has been delivered.
  const settled = async () => {
    const expected = pings + watched.length;
    await Promise.all(watched.map((id) => redis.spublish(keys.conversationChannel(id), ping)));
    for (let i = 0; i < 400 && pings < expected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { replies: new ReplyState(redis, prefix), frames, stops, reply, settled };
}

function userMessage(conversationId: string): Message {
  return {
    id: randomUUID(),
    conversationId,
    prevId: null,
    role: 'user',
    content: 'hello',
    isStopped: false,
    rating: null,
    subCharacterId: null,
    createdAt: new Date().toISOString(),
  };
}

/** What a client would show: the text of each delta after the run's start, in seq order, checked. */
function textOf(frames: readonly Frame[]): string {
  const started = frames.find((f) => f.event === 'generation:started');
  if (started === undefined) return '';
  let seq = started.payload.seq ?? Number.NaN;
  let text = '';
  for (const f of frames) {
    if (f.event !== 'generation:delta') continue;
    expect(f.payload.seq).toBe(seq + 1);
    seq += 1;
    text += f.payload.text ?? '';
  }
  return text;
}

describe('the reply gate', () => {
  it('publishes nothing of a reply before its message is stored, then all of it in order', async () => {
    const h = await harness();
    const r = await h.reply();
    await h.replies.claim(r.conversationId, r.replyId, { isSending: true });
    expect(await h.replies.start(r)).toMatchObject({ status: 'started', seq: 0 });
    await h.replies.delta(r, 'Once upon ');
    await h.replies.delta(r, 'a time, ');
    expect(await h.replies.messageState(r)).toBe('storing');
    expect(await h.replies.read(r.conversationId)).toMatchObject({ text: '', seq: 0 });
    await h.settled();
    expect(h.frames.get(r.conversationId)).toBeUndefined();

    await h.replies.stored(r.conversationId, r.replyId, userMessage(r.conversationId));
    await h.replies.delta(r, 'a fox.');
    await h.settled();
    const frames = h.frames.get(r.conversationId) ?? [];
    expect(frames.map((f) => f.event)).toEqual([
      'message:created',
      'generation:started',
      'generation:delta',
      'generation:delta',
    ]);
    expect(textOf(frames)).toBe('Once upon a time, a fox.');
    expect(await h.replies.messageState(r)).toBe('stored');
    expect(await h.replies.read(r.conversationId)).toMatchObject({
      messageId: r.replyId,
      text: 'Once upon a time, a fox.',
      seq: 2,
    });
  });

  it('announces at once a run whose message is already stored, naming a group member who speaks, and keeps multi-byte text whole', async () => {
    const h = await harness();
    const r = await h.reply();
    const speakerId = randomUUID();
    await h.replies.claim(r.conversationId, r.replyId, { isSending: true });
    await h.replies.stored(r.conversationId, r.replyId, userMessage(r.conversationId));
    await h.replies.start(r, speakerId);
    await h.replies.delta(r, 'Ünïcödé 🦊 ');
    await h.replies.delta(r, '日本語');
    await h.settled();
    const frames = h.frames.get(r.conversationId) ?? [];
    expect(frames.map((f) => f.event)).toEqual([
      'message:created',
      'generation:started',
      'generation:delta',
      'generation:delta',
    ]);
    expect(frames[1]?.payload).toMatchObject({ speakerId });
    expect(textOf(frames)).toBe('Ünïcödé 🦊 日本語');
    expect(await h.replies.read(r.conversationId)).toMatchObject({
      text: 'Ünïcödé 🦊 日本語',
      speakerId,
    });
  });

  it('marks a retry, regenerate or autopilot stored from its claim', async () => {
    const h = await harness();
    const r = await h.reply();
    await h.replies.claim(r.conversationId, r.replyId, { kind: 'autopilot' });
    await h.replies.start(r);
    await h.replies.delta(r, 'I wave.');
    await h.settled();
    const frames = h.frames.get(r.conversationId) ?? [];
    expect(frames[0]).toMatchObject({
      event: 'generation:started',
      payload: { messageId: r.replyId, seq: 0, isAutopilot: true },
    });
    expect(textOf(frames)).toBe('I wave.');
  });

  it('stops the worker of an undone send and publishes none of its text', async () => {
    const h = await harness();
    const r = await h.reply();
    await h.replies.claim(r.conversationId, r.replyId, { isSending: true });
    await h.replies.start(r);
    await h.replies.delta(r, 'never seen');
    await h.replies.release(r.conversationId, r.replyId);
    await h.replies.delta(r, ' nor this');
    await h.replies.stored(r.conversationId, r.replyId, userMessage(r.conversationId));
    await h.settled();
    // The stop goes by plain pub/sub, which a cluster carries from node to node: it may come later.
    await vi.waitFor(() => {
      expect(h.stops).toEqual([r.replyId]);
    });
    expect(await h.replies.messageState(r)).toBe('gone');
    expect(h.frames.get(r.conversationId)?.map((f) => f.event)).toEqual(['message:created']);
    expect(await h.replies.read(r.conversationId)).toBeNull();
  });

  it('restarts a run taken over after a crash from the seq clients hold', async () => {
    const h = await harness();
    const first = await h.reply();
    await h.replies.claim(first.conversationId, first.replyId, { isSending: true });
    await h.replies.stored(first.conversationId, first.replyId, userMessage(first.conversationId));
    await h.replies.start(first);
    await h.replies.delta(first, 'half a');
    const second = { ...first, run: randomUUID() };
    expect(await h.replies.start(second)).toMatchObject({ status: 'started', seq: 1 });
    await h.replies.delta(first, ' stale frame');
    await h.replies.delta(second, 'whole reply');
    await h.settled();
    const frames = h.frames.get(first.conversationId) ?? [];
    const restart = frames.findLastIndex((f) => f.event === 'generation:started');
    expect(frames[restart]).toMatchObject({ payload: { seq: 1 } });
    expect(textOf(frames.slice(restart))).toBe('whole reply');
    expect(await h.replies.messageState(first)).toBe('gone');
  });

  it('keeps every reply whole and in order when many are written and stored at once', async () => {
    const h = await harness();
    const runs = await Promise.all(Array.from({ length: 60 }, () => h.reply()));
    const pieces = ['one ', 'two ', 'three ', 'four ', 'five'];
    await Promise.all(
      runs.map(async (r, i) => {
        await h.replies.claim(r.conversationId, r.replyId, { isSending: true });
        const storing = (async () => {
          await new Promise((resolve) => setTimeout(resolve, i % 7));
          await h.replies.stored(r.conversationId, r.replyId, userMessage(r.conversationId));
        })();
        await h.replies.start(r);
        for (const piece of pieces) await h.replies.delta(r, piece);
        await storing;
      }),
    );
    await h.settled();
    for (const r of runs) {
      const frames = h.frames.get(r.conversationId) ?? [];
      expect(frames.filter((f) => f.event === 'generation:started')).toHaveLength(1);
      expect(textOf(frames)).toBe(pieces.join(''));
    }
  });
});
