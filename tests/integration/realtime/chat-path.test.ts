/**
 * The whole chat path on real components: socket → server → PostgreSQL → BullMQ → worker → the tiny
 * llama model → Redis pub/sub → socket, and the stored reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import { getConversation, listMessages } from '#shared/api/conversations';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { getJson, rawItems } from '../../support/http';
import {
  connectGuest,
  nextEvent,
  payloadsOf,
  recordEvents,
  startStack,
  type Stack,
} from '../../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testConfig());
});
afterAll(async () => {
  await stack.close();
});

describe('message:send with the local model', () => {
  it('streams a reply in ordered deltas and stores it once with its timing', async () => {
    const characterId = await createCharacter(stack.app.deps.db, { name: 'Pip' });
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    const events = recordEvents(socket);

    const ack = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Tell me a story.',
    });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const { conversationId, replyId, message } = ack.data;
    expect(message).toMatchObject({ role: 'user', content: 'Tell me a story.', conversationId });

    const completed = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === replyId,
    );
    const deltas = payloadsOf(events, 'generation:delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => i + 1));
    expect(deltas.every((d) => d.messageId === replyId)).toBe(true);
    expect(
      deltas
        .map((d) => d.text)
        .join('')
        .trim(),
    ).toBe(completed.message.content);
    expect(events[0]?.event).toBe('message:created');
    expect(events.findIndex((e) => e.event === 'generation:started')).toBeLessThan(
      events.findIndex((e) => e.event === 'generation:delta'),
    );

    expect(await messagesRepo.findById(stack.app.deps.db, replyId)).toMatchObject({
      role: 'bot',
      prevId: message.id,
      isStopped: false,
      content: completed.message.content,
    });
    // The reply's timing is stored with it (no API sends it yet).
    const stored = await stack.app.deps.db
      .selectFrom('messages')
      .select(['queue_wait_ms', 'first_token_ms', 'token_count', 'tokens_per_second'])
      .where('id', '=', replyId)
      .executeTakeFirst();
    expect(stored?.queue_wait_ms).toBeGreaterThanOrEqual(0);
    expect(stored?.first_token_ms).toBeGreaterThanOrEqual(0);
    expect(stored?.token_count).toBeGreaterThan(0);
    expect(stored?.tokens_per_second).toBeGreaterThan(0);

    // Applying the events gives what a refetch gives.
    const rawPage: unknown = await (
      await fetch(`${stack.url}/api/conversations/${conversationId}/messages`, {
        headers: { 'x-guest-id': guestId },
      })
    ).json();
    const page = listMessages.response.parse(rawPage);
    expect(page.items.map((m) => m.id)).toEqual([message.prevId, message.id, replyId]);
    expect(page.items[0]).toMatchObject({ role: 'bot', content: 'Hello User, I am Pip.' });
    // Compared whole and unparsed, so the refetch carries exactly the event's fields.
    expect(rawItems(rawPage)[2]).toEqual(completed.message);
    const conversation = await getJson(
      `${stack.url}/api/conversations/${conversationId}`,
      getConversation.response,
      guestId,
    );
    expect(conversation).toMatchObject({ pending: null, messageCount: 3 });
    socket.close();
  });

  it('refuses bad input, unknown characters and conversations of others', async () => {
    const characterId = await createCharacter(stack.app.deps.db);
    const owner = await connectGuest(stack.url, newGuestId());
    const stranger = await connectGuest(stack.url, newGuestId());

    const empty = await owner.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: '   ',
    });
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', field: 'content' },
    });
    const unknown = await owner.emitWithAck('message:send', {
      characterId: '00000000-0000-4000-8000-000000000000',
      conversationId: null,
      content: 'hi',
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'character_not_found' } });

    const sent = await owner.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'hi',
    });
    if (!sent.ok) throw new Error('send failed');
    const conversationId = sent.data.conversationId;
    await nextEvent(owner, 'generation:completed');
    for (const attempt of [
      stranger.emitWithAck('message:send', { characterId, conversationId, content: 'me too' }),
      stranger.emitWithAck('conversation:join', { conversationId }),
      stranger.emitWithAck('generation:stop', { conversationId }),
    ]) {
      expect(await attempt).toMatchObject({ ok: false, error: { code: 'conversation_not_found' } });
    }
    owner.close();
    stranger.close();
  });

  it('asks a guest to sign up before chatting with an NSFW character', async () => {
    const characterId = await createCharacter(stack.app.deps.db);
    await stack.app.deps.db
      .updateTable('characters')
      .set({ is_nsfw: true })
      .where('id', '=', characterId)
      .execute();
    const guest = await connectGuest(stack.url, newGuestId());
    const sent = await guest.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'hi',
    });
    expect(sent).toMatchObject({ ok: false, error: { code: 'sign_up_required' } });
    guest.close();
  });

  it('refuses a socket without a guest id', async () => {
    await expect(connectGuest(stack.url, 'not-a-uuid')).rejects.toThrow();
  });
});

describe('guest message limit', () => {
  it('refuses a guest past the hourly limit with guest_message_limit', async () => {
    const limited = await startStack(testConfig({ GUEST_MESSAGES_PER_HOUR: '2' }), {
      workers: false,
    });
    try {
      const characterId = await createCharacter(limited.app.deps.db);
      const socket = await connectGuest(limited.url, newGuestId());
      const send = () =>
        socket.emitWithAck('message:send', { characterId, conversationId: null, content: 'hi' });
      expect((await send()).ok).toBe(true);
      expect((await send()).ok).toBe(true);
      expect(await send()).toMatchObject({
        ok: false,
        error: { code: 'guest_message_limit', details: { retryAfterSeconds: 3600 } },
      });
      const other = await connectGuest(limited.url, newGuestId());
      expect(
        (
          await other.emitWithAck('message:send', {
            characterId,
            conversationId: null,
            content: 'hi',
          })
        ).ok,
      ).toBe(true);
      socket.close();
      other.close();
    } finally {
      await limited.close();
    }
  });
});
