/**
 * The chat path against a local OpenAI-wire server: resuming a reply in flight, stop, busy
 * conversations, and every failure reaching the user as an error they can retry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import { redisKeys } from '#server/lib/redis-keys';
import { getConversation, listMessages } from '#shared/api/conversations';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import {
  connectGuest,
  nextEvent,
  payloadsOf,
  recordEvents,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let wire: WireServer;

function wireConfig(overrides: Record<string, string> = {}) {
  return testConfig({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.baseUrl,
    LLM_MODEL: 'wire',
    ...overrides,
  });
}

beforeAll(async () => {
  wire = await startWireServer();
  stack = await startStack(wireConfig());
});
afterAll(async () => {
  await stack.close();
  await wire.close();
});
beforeEach(() => {
  wire.behaviour = { tokens: words(5), firstTokenDelayMs: 0, tokenDelayMs: 0 };
});

async function send(
  socket: ClientSocket,
  characterId: string,
  conversationId: string | null,
  content = 'Hello',
) {
  const ack = await socket.emitWithAck('message:send', { characterId, conversationId, content });
  if (!ack.ok) throw new Error(`send failed: ${ack.error.code}`);
  return ack.data;
}

describe('a reply in flight', () => {
  it('resumes on another connection with the text so far, then newer deltas only', async () => {
    wire.behaviour = { tokens: words(30), firstTokenDelayMs: 0, tokenDelayMs: 30 };
    const characterId = await createCharacter(stack.app.deps.db);
    const guestId = newGuestId();
    const first = await connectGuest(stack.url, guestId);
    const sent = await send(first, characterId, null);
    await nextEvent(first, 'generation:delta', (d) => d.seq >= 3);
    first.close(); // the page reloads in the middle of the reply

    const second = await connectGuest(stack.url, guestId);
    const events = recordEvents(second);
    const joined = await second.emitWithAck('conversation:join', {
      conversationId: sent.conversationId,
    });
    if (!joined.ok) throw new Error('join failed');
    const pending = joined.data.pending;
    expect(pending?.messageId).toBe(sent.replyId);
    expect(pending?.seq).toBeGreaterThanOrEqual(3);
    expect(pending?.text.startsWith('word1 word2')).toBe(true);

    const completed = await nextEvent(second, 'generation:completed');
    let text = pending?.text ?? '';
    let seq = pending?.seq ?? 0;
    for (const d of payloadsOf(events, 'generation:delta')) {
      if (d.seq <= seq) continue;
      expect(d.seq).toBe(seq + 1);
      seq = d.seq;
      text += d.text;
    }
    expect(text).toBe(words(30).join(''));
    expect(completed.message.content).toBe(text);
    second.close();
  });

  it('shows the text so far over REST while generating', async () => {
    wire.behaviour = { tokens: words(20), firstTokenDelayMs: 0, tokenDelayMs: 30 };
    const characterId = await createCharacter(stack.app.deps.db);
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    const sent = await send(socket, characterId, null);
    await nextEvent(socket, 'generation:delta', (d) => d.seq >= 2);
    const res = await fetch(`${stack.url}/api/conversations/${sent.conversationId}`, {
      headers: { 'x-guest-id': guestId },
    });
    const body = getConversation.response.parse(await res.json());
    expect(body.pending).toMatchObject({ messageId: sent.replyId });
    expect(body.pending?.text.length).toBeGreaterThan(0);
    await nextEvent(socket, 'generation:completed');
    socket.close();
  });

  it('refuses a second message while the reply is written', async () => {
    wire.behaviour = { tokens: words(10), firstTokenDelayMs: 0, tokenDelayMs: 30 };
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectGuest(stack.url, newGuestId());
    const sent = await send(socket, characterId, null);
    const again = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: sent.conversationId,
      content: 'more',
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'conversation_busy' } });
    await nextEvent(socket, 'generation:completed');
    const after = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: sent.conversationId,
      content: 'more',
    });
    expect(after.ok).toBe(true);
    await nextEvent(socket, 'generation:completed');
    socket.close();
  });
});

describe('generation:stop', () => {
  it('aborts the model call and keeps the partial text', async () => {
    wire.behaviour = { tokens: words(200), firstTokenDelayMs: 0, tokenDelayMs: 20 };
    const abortedBefore = wire.aborted;
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectGuest(stack.url, newGuestId());
    const sent = await send(socket, characterId, null);
    await nextEvent(socket, 'generation:delta', (d) => d.seq >= 2);
    expect(
      await socket.emitWithAck('generation:stop', { conversationId: sent.conversationId }),
    ).toEqual({ ok: true, data: {} });
    const completed = await nextEvent(socket, 'generation:completed');
    expect(completed.message.isStopped).toBe(true);
    expect(completed.message.content.startsWith('word1')).toBe(true);
    expect(completed.message.content.length).toBeLessThan(words(200).join('').length);
    await expect.poll(() => wire.aborted).toBe(abortedBefore + 1);
    const stored = await messagesRepo.findById(stack.app.deps.db, sent.replyId);
    expect(stored).toMatchObject({ isStopped: true, content: completed.message.content });
    socket.close();
  });

  it('stores a reply stopped before its first token as an empty stopped message, not a failure', async () => {
    wire.behaviour = { tokens: words(5), firstTokenDelayMs: 10_000, tokenDelayMs: 0 };
    const characterId = await createCharacter(stack.app.deps.db);
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    const events = recordEvents(socket);
    const sent = await send(socket, characterId, null);
    expect(
      await socket.emitWithAck('generation:stop', { conversationId: sent.conversationId }),
    ).toEqual({ ok: true, data: {} });
    const completed = await nextEvent(socket, 'generation:completed');
    expect(completed.message).toMatchObject({ id: sent.replyId, content: '', isStopped: true });
    expect(payloadsOf(events, 'generation:failed')).toEqual([]);
    // After a reload the chat ends with the stopped reply, not with an unanswered message.
    const page = listMessages.response.parse(
      await (
        await fetch(`${stack.url}/api/conversations/${sent.conversationId}/messages`, {
          headers: { 'x-guest-id': guestId },
        })
      ).json(),
    );
    expect(page.items.map((m) => [m.role, m.content])).toEqual([
      ['bot', expect.any(String)],
      ['user', 'Hello'],
      ['bot', ''],
    ]);
    socket.close();
  });
});

describe('failures', () => {
  it('ends a stored reply with its whole text when its frames could not be written, not with a failure', async () => {
    wire.behaviour = { tokens: words(20), firstTokenDelayMs: 0, tokenDelayMs: 40 };
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectGuest(stack.url, newGuestId());
    const events = recordEvents(socket);
    const sent = await send(socket, characterId, null, 'Tell me something');
    await nextEvent(socket, 'generation:delta');
    // Redis refusing the next frames, as a master failing over does: the reply's text key of a type
    // the frame script cannot append to.
    const { redis, config } = stack.app.deps;
    const textKey = redisKeys(config.REDIS_PREFIX).inflightText(sent.conversationId);
    await redis.multi().del(textKey).hset(textKey, 'refused', '1').exec();

    const completed = await nextEvent(socket, 'generation:completed');
    const whole = words(20).join('').trim();
    expect(completed.message).toMatchObject({ id: sent.replyId, content: whole });
    expect(payloadsOf(events, 'generation:failed')).toEqual([]);
    expect(await messagesRepo.findById(stack.app.deps.db, sent.replyId)).toMatchObject({
      content: whole,
    });
    // Nothing is left to retry, and the user was never asked to.
    const retry = await socket.emitWithAck('generation:retry', {
      conversationId: sent.conversationId,
    });
    expect(retry).toMatchObject({ ok: false, error: { code: 'nothing_to_retry' } });
    socket.close();
  });

  it.each([
    ['an error status', { status: 503 }, 'model_unavailable'],
    ['a stream cut in the middle', { tokens: words(10), failAfterTokens: 3 }, 'generation_failed'],
    ['a model that goes silent', { tokens: words(3), firstTokenDelayMs: 3000 }, 'model_timeout'],
  ])(
    'reports %s as generation:failed, keeps the user message, and a retry succeeds',
    async (_, behaviour, code) => {
      wire.behaviour = { tokens: words(5), firstTokenDelayMs: 0, tokenDelayMs: 0, ...behaviour };
      // The silent model needs a short timeout; a stack of its own keeps the other tests' timing loose.
      const target =
        code === 'model_timeout' ? await startStack(wireConfig({ LLM_TIMEOUT_MS: '1500' })) : stack;
      try {
        const characterId = await createCharacter(target.app.deps.db);
        const guestId = newGuestId();
        const socket = await connectGuest(target.url, guestId);
        const sent = await send(socket, characterId, null, 'Are you there?');
        const failed = await nextEvent(socket, 'generation:failed');
        expect(failed).toMatchObject({
          conversationId: sent.conversationId,
          messageId: sent.replyId,
          error: { code },
        });
        expect(await messagesRepo.findById(target.app.deps.db, sent.replyId)).toBeUndefined();

        const page = listMessages.response.parse(
          await (
            await fetch(`${target.url}/api/conversations/${sent.conversationId}/messages`, {
              headers: { 'x-guest-id': guestId },
            })
          ).json(),
        );
        expect(page.items.at(-1)).toMatchObject({ role: 'user', content: 'Are you there?' });

        wire.behaviour = { tokens: words(4), firstTokenDelayMs: 0, tokenDelayMs: 0 };
        const retry = await socket.emitWithAck('generation:retry', {
          conversationId: sent.conversationId,
        });
        if (!retry.ok) throw new Error(`retry failed: ${retry.error.code}`);
        const completed = await nextEvent(socket, 'generation:completed');
        expect(completed.message).toMatchObject({
          id: retry.data.replyId,
          prevId: sent.message.id,
          content: words(4).join(''),
        });
        expect(
          await socket.emitWithAck('generation:retry', { conversationId: sent.conversationId }),
        ).toMatchObject({
          ok: false,
          error: { code: 'nothing_to_retry' },
        });
        socket.close();
      } finally {
        if (target !== stack) await target.close();
      }
    },
  );

  it('leaves nothing behind when the message cannot be stored, though its job was already queued', async () => {
    wire.behaviour = { tokens: words(3), firstTokenDelayMs: 0, tokenDelayMs: 0 };
    const db = stack.app.deps.db;
    const characterId = await createCharacter(db);
    const socket = await connectGuest(stack.url, newGuestId());
    const events = recordEvents(socket);
    await send(socket, characterId, null);
    await nextEvent(socket, 'generation:completed');
    // The character is deleted while the server still holds it in its short cache: the send is
    // admitted and its job queued, but the insert fails.
    await db.deleteFrom('characters').where('id', '=', characterId).execute();
    const refused = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Still there?',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'character_not_found' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(payloadsOf(events, 'generation:failed')).toEqual([]);
    expect(payloadsOf(events, 'generation:started')).toHaveLength(1);
    const stray = await db
      .selectFrom('messages')
      .select('id')
      .where('content', '=', 'Still there?')
      .execute();
    expect(stray).toEqual([]);
    socket.close();
  });

  it('keeps an upstream error body in the log, never in what the user is told', async () => {
    const secret = 'key sk-live-123 rejected by http://10.1.2.3:8000/internal';
    wire.behaviour = { tokens: words(3), firstTokenDelayMs: 0, tokenDelayMs: 0 };
    wire.behaviour.status = 401;
    wire.behaviour.errorMessage = secret;
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectGuest(stack.url, newGuestId());
    await send(socket, characterId, null);
    const failed = await nextEvent(socket, 'generation:failed');
    expect(failed.error).toEqual({
      code: 'generation_failed',
      message: 'The model failed to write a reply.',
    });
    socket.close();
  });

  it('reports an endpoint that does not answer as model_unavailable', async () => {
    const down = await startWireServer();
    const url = down.baseUrl;
    await down.close();
    const config = testConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: url, LLM_MODEL: 'wire' });
    const other = await startStack(config);
    try {
      const characterId = await createCharacter(other.app.deps.db);
      const socket = await connectGuest(other.url, newGuestId());
      await send(socket, characterId, null);
      const failed = await nextEvent(socket, 'generation:failed');
      expect(failed.error.code).toBe('model_unavailable');
      socket.close();
    } finally {
      await other.close();
    }
  });
});
