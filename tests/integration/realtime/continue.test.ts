/**
 * Continue on the real path (issue 28, item 3): socket → server → `continue` job on the generation
 * queue → the tiny model → the text appended to the same stored reply, streamed under the run's id;
 * refused for another visitor's conversation, a malformed id, a conversation whose last message is
 * the user's, and a second Continue while one runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '#shared/api/conversations';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { getJson } from '../../support/http';
import { connectGuest, nextEvent, startStack, type Stack } from '../../support/stack';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testConfig());
});
afterAll(async () => {
  await stack.close();
});

describe('generation:continue', () => {
  it('appends what the model writes to the last reply, keeping its id', async () => {
    const characterId = await createCharacter(stack.app.deps.db, { name: 'Pip' });
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    const sent = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Say hello.',
    });
    if (!sent.ok) throw new Error(sent.error.code);
    const { conversationId, replyId: firstId } = sent.data;
    const first = await nextEvent(socket, 'generation:completed', (p) => p.message.id === firstId);

    // One Continue at a time: the second finds the conversation busy.
    const acks = await Promise.all([
      socket.emitWithAck('generation:continue', { conversationId }),
      socket.emitWithAck('generation:continue', { conversationId }),
    ]);
    const oks = acks.filter((a) => a.ok);
    expect(oks).toHaveLength(1);
    expect(acks.flatMap((a) => (a.ok ? [] : [a.error.code]))).toEqual(['conversation_busy']);
    const accepted = oks[0];
    if (!accepted?.ok) throw new Error('no continue was accepted');
    expect(accepted.data.continuedId).toBe(firstId);
    const completed = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.replyId === accepted.data.replyId,
    );
    expect(completed.message.id).toBe(firstId);
    expect(completed.message.content.startsWith(first.message.content)).toBe(true);
    expect(completed.message.content.length).toBeGreaterThan(first.message.content.length);

    const branch = await getJson(
      `${stack.url}/api/conversations/${conversationId}/messages`,
      listMessages.response,
      guestId,
    );
    expect(branch.items.at(-1)).toMatchObject({ id: firstId, content: completed.message.content });
    // No new message: the greeting, the user's and the one reply, continued.
    expect(branch.items.map((m) => m.role)).toEqual(['bot', 'user', 'bot']);
    socket.close();
  });

  it('refuses another visitor, a malformed id and a conversation without a reply last', async () => {
    const characterId = await createCharacter(stack.app.deps.db);
    const ownerId = newGuestId();
    const owner = await connectGuest(stack.url, ownerId);
    const sent = await owner.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Hi.',
    });
    if (!sent.ok) throw new Error(sent.error.code);
    const { conversationId, replyId } = sent.data;
    await nextEvent(owner, 'generation:completed', (p) => p.message.id === replyId);

    const intruder = await connectGuest(stack.url, newGuestId());
    expect(await intruder.emitWithAck('generation:continue', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'conversation_not_found' },
    });
    expect(
      await intruder.emitWithAck('generation:continue', { conversationId: 'nope\u0000' }),
    ).toMatchObject({ ok: false, error: { code: 'validation_failed', field: 'conversationId' } });

    const removed = await fetch(
      `${stack.url}/api/conversations/${conversationId}/messages/${replyId}`,
      { method: 'DELETE', headers: { 'x-guest-id': ownerId } },
    );
    expect(removed.status).toBe(200);
    expect(await owner.emitWithAck('generation:continue', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'nothing_to_continue' },
    });
    owner.close();
    intruder.close();
  });
});
