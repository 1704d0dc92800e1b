/**
 * Regenerating the last reply on the real path: socket → server → `regenerate` job on the generation
 * queue → the tiny model → a new stored reply; the old one is kept as an alternative.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '#shared/api/conversations';
import { listAlternatives } from '#shared/api/messages';
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

describe('generation:regenerate', () => {
  it('sets the last reply aside as an alternative and streams a new one', async () => {
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
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === firstId);

    // Nothing to regenerate twice at once: the second finds the conversation busy.
    const [ack, second] = await Promise.all([
      socket.emitWithAck('generation:regenerate', { conversationId }),
      socket.emitWithAck('generation:regenerate', { conversationId }),
    ]);
    const oks = [ack, second].filter((a) => a.ok);
    expect(oks).toHaveLength(1);
    const refusals = [ack, second].flatMap((a) => (a.ok ? [] : [a.error.code]));
    expect(refusals).toHaveLength(1);
    expect(['conversation_busy', 'nothing_to_regenerate']).toContain(refusals[0]);
    const accepted = oks[0];
    if (!accepted?.ok) throw new Error('no regenerate was accepted');
    expect(accepted.data.replacedId).toBe(firstId);
    const completed = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === accepted.data.replyId,
    );
    expect(completed.message).toMatchObject({ role: 'bot', prevId: sent.data.message.id });

    const base = `${stack.url}/api/conversations/${conversationId}`;
    const branch = await getJson(`${base}/messages`, listMessages.response, guestId);
    expect(branch.items.map((m) => m.id).at(-1)).toBe(accepted.data.replyId);
    expect(branch.items.some((m) => m.id === firstId)).toBe(false);
    const { alternatives } = await getJson(
      `${base}/messages/${accepted.data.replyId}/alternatives`,
      listAlternatives.response,
      guestId,
    );
    expect(alternatives.map((m) => m.id)).toEqual([firstId, accepted.data.replyId]);
    socket.close();
  });

  it('refuses a conversation without a reply and one of another visitor', async () => {
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
    expect(await intruder.emitWithAck('generation:regenerate', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'conversation_not_found' },
    });
    expect(
      await intruder.emitWithAck('generation:regenerate', { conversationId: 'nope' }),
    ).toMatchObject({ ok: false, error: { code: 'validation_failed', field: 'conversationId' } });

    // A reply removed leaves the user's message last: there is nothing to regenerate.
    const removed = await fetch(
      `${stack.url}/api/conversations/${conversationId}/messages/${replyId}`,
      { method: 'DELETE', headers: { 'x-guest-id': ownerId } },
    );
    expect(removed.status).toBe(200);
    expect(await owner.emitWithAck('generation:regenerate', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'nothing_to_regenerate' },
    });
    owner.close();
    intruder.close();
  });
});
