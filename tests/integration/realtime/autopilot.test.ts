/**
 * Autopilot on the real path: socket → server → `autopilot` job on the generation queue → a local
 * OpenAI-wire server → the draft streamed to the user's sockets and handed over, never stored.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listMessages } from '#shared/api/conversations';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { getJson } from '../../support/http';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import {
  connectGuest,
  nextEvent,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let wire: WireServer;

beforeAll(async () => {
  wire = await startWireServer();
  stack = await startStack(
    testConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: wire.baseUrl, LLM_MODEL: 'wire' }),
  );
});
afterAll(async () => {
  await stack.close();
  await wire.close();
});
beforeEach(() => {
  wire.behaviour = { tokens: words(5), firstTokenDelayMs: 0, tokenDelayMs: 0 };
});

/** A guest's conversation with one exchange done: greeting, their message, the reply. */
async function chatted(characterName = 'Pip') {
  const characterId = await createCharacter(stack.app.deps.db, { name: characterName });
  const guestId = newGuestId();
  const socket = await connectGuest(stack.url, guestId);
  const sent = await socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: 'Hello there.',
  });
  if (!sent.ok) throw new Error(sent.error.code);
  await nextEvent(socket, 'generation:completed', (p) => p.message.id === sent.data.replyId);
  return { socket, guestId, characterId, ...sent.data };
}

function branchOf(guestId: string, conversationId: string) {
  return getJson(
    `${stack.url}/api/conversations/${conversationId}/messages`,
    listMessages.response,
    guestId,
  );
}

async function ask(socket: ClientSocket, conversationId: string, intent?: string) {
  const ack = await socket.emitWithAck('generation:autopilot', {
    conversationId,
    ...(intent === undefined ? {} : { intent }),
  });
  if (!ack.ok) throw new Error(ack.error.code);
  return ack.data.draftId;
}

describe('generation:autopilot', () => {
  it('streams the user turn as a draft with its own typing state and stores nothing', async () => {
    const { socket, guestId, conversationId } = await chatted();
    const before = await branchOf(guestId, conversationId);
    wire.behaviour = { tokens: ['*I wave*', ' and leave.'], firstTokenDelayMs: 0, tokenDelayMs: 5 };
    const draftId = await ask(socket, conversationId, 'I try to leave');

    const started = await nextEvent(socket, 'generation:started', (p) => p.messageId === draftId);
    expect(started.isAutopilot).toBe(true);
    const completed = await nextEvent(socket, 'autopilot:completed', (p) => p.draftId === draftId);
    expect(completed).toEqual({
      conversationId,
      draftId,
      text: '*I wave* and leave.',
      isStopped: false,
    });

    // The model was asked to write the user's turn: roles swapped, the intent in the definition.
    const request = wire.requests.at(-1);
    if (typeof request !== 'object' || request === null || !('messages' in request)) {
      throw new Error('no request reached the wire server');
    }
    const promptMessages = listOfMessages(request.messages);
    expect(promptMessages[0]?.role).toBe('system');
    expect(promptMessages[0]?.content).toContain('You are User.');
    expect(promptMessages[0]?.content).toContain('never write Pip');
    expect(promptMessages[0]?.content).toContain('"I try to leave"');
    expect(promptMessages.at(-1)?.role).toBe('user');
    expect(promptMessages.some((m) => m.role === 'assistant' && m.content === 'Hello there.')).toBe(
      true,
    );

    // A draft is the user's to send: the conversation is unchanged and free again.
    expect(await branchOf(guestId, conversationId)).toEqual(before);
    const again = await socket.emitWithAck('generation:autopilot', { conversationId });
    expect(again.ok).toBe(true);
    socket.close();
  });

  it('stops like a reply, keeping the draft written so far', async () => {
    const { socket, conversationId } = await chatted();
    wire.behaviour = { tokens: words(200), firstTokenDelayMs: 0, tokenDelayMs: 20 };
    const draftId = await ask(socket, conversationId);
    await nextEvent(socket, 'generation:delta', (d) => d.messageId === draftId && d.seq >= 2);
    expect(await socket.emitWithAck('generation:stop', { conversationId })).toEqual({
      ok: true,
      data: {},
    });
    const completed = await nextEvent(socket, 'autopilot:completed', (p) => p.draftId === draftId);
    expect(completed.isStopped).toBe(true);
    expect(completed.text.startsWith('word1')).toBe(true);
    expect(completed.text.length).toBeLessThan(words(200).join('').length);
    socket.close();
  });

  it('lets one generation run at a time when asked many times at once', async () => {
    const { socket, conversationId } = await chatted();
    // A draft that lasts until it is stopped, so every ask below finds it in flight.
    wire.behaviour = { tokens: words(200), firstTokenDelayMs: 0, tokenDelayMs: 1000 };
    const acks = await Promise.all(
      Array.from({ length: 6 }, () =>
        socket.emitWithAck('generation:autopilot', { conversationId }),
      ),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(1);
    expect(acks.flatMap((a) => (a.ok ? [] : [a.error.code]))).toEqual(
      Array.from({ length: 5 }, () => 'conversation_busy'),
    );
    // A message cannot be sent over a draft being written either.
    const regenerated = await socket.emitWithAck('generation:regenerate', { conversationId });
    expect(regenerated).toMatchObject({ ok: false, error: { code: 'conversation_busy' } });
    expect(await socket.emitWithAck('generation:stop', { conversationId })).toEqual({
      ok: true,
      data: {},
    });
    expect((await nextEvent(socket, 'autopilot:completed')).isStopped).toBe(true);
    socket.close();
  });

  it('refuses another visitor, bad input and a chat whose last message awaits a reply', async () => {
    const { socket, guestId, conversationId, replyId } = await chatted();
    const intruder = await connectGuest(stack.url, newGuestId());
    expect(await intruder.emitWithAck('generation:autopilot', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'conversation_not_found' },
    });
    const bad: unknown[] = [
      { conversationId: 'nope' },
      { conversationId, intent: 'x'.repeat(201) },
      { conversationId, intent: 'I go\nand come back' },
      { conversationId, intent: 'nul\u0000byte' },
      { conversationId, intent: 42 },
    ];
    for (const payload of bad) {
      expect(await socket.emitWithAck('generation:autopilot', payload)).toMatchObject({
        ok: false,
        error: { code: 'validation_failed' },
      });
    }
    const removed = await fetch(
      `${stack.url}/api/conversations/${conversationId}/messages/${replyId}`,
      { method: 'DELETE', headers: { 'x-guest-id': guestId } },
    );
    expect(removed.status).toBe(200);
    expect(await socket.emitWithAck('generation:autopilot', { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'nothing_to_autopilot' },
    });
    // None of the refusals left the conversation busy.
    const retried = await socket.emitWithAck('generation:retry', { conversationId });
    expect(retried.ok).toBe(true);
    socket.close();
    intruder.close();
  });
});

describe('autopilot drafts kept for the message box', () => {
  async function drafted(socket: ClientSocket, conversationId: string) {
    wire.behaviour = { tokens: ['I stay', ' a while.'], firstTokenDelayMs: 0, tokenDelayMs: 0 };
    const draftId = await ask(socket, conversationId);
    await nextEvent(socket, 'autopilot:completed', (p) => p.draftId === draftId);
    return draftId;
  }

  it('gives a finished draft back on a later join (a reload) until it is discarded', async () => {
    const { socket, guestId, conversationId } = await chatted();
    const draftId = await drafted(socket, conversationId);
    socket.close();
    const reloaded = await connectGuest(stack.url, guestId);
    expect(await reloaded.emitWithAck('conversation:join', { conversationId })).toEqual({
      ok: true,
      data: { pending: null, draft: { draftId, text: 'I stay a while.', isStopped: false } },
    });
    // Another visitor can neither discard it nor see it.
    const intruder = await connectGuest(stack.url, newGuestId());
    expect(
      await intruder.emitWithAck('autopilot:discard', { conversationId, draftId }),
    ).toMatchObject({ ok: false, error: { code: 'conversation_not_found' } });
    for (const payload of [{ conversationId }, { conversationId, draftId: 'x' }, { draftId }]) {
      expect(await reloaded.emitWithAck('autopilot:discard', payload)).toMatchObject({
        ok: false,
        error: { code: 'validation_failed' },
      });
    }
    expect(await reloaded.emitWithAck('autopilot:discard', { conversationId, draftId })).toEqual({
      ok: true,
      data: {},
    });
    const after = await reloaded.emitWithAck('conversation:join', { conversationId });
    expect(after).toMatchObject({ ok: true, data: { draft: null } });
    reloaded.close();
    intruder.close();
  });

  it('keeps a newer draft when an older one is discarded, and drops it when the user sends', async () => {
    const { socket, characterId, conversationId } = await chatted();
    const first = await drafted(socket, conversationId);
    const second = await drafted(socket, conversationId);
    await socket.emitWithAck('autopilot:discard', { conversationId, draftId: first });
    const joined = await socket.emitWithAck('conversation:join', { conversationId });
    expect(joined).toMatchObject({ ok: true, data: { draft: { draftId: second } } });
    const sent = await socket.emitWithAck('message:send', {
      characterId,
      conversationId,
      content: 'I stay a while.',
    });
    expect(sent.ok).toBe(true);
    expect(await socket.emitWithAck('conversation:join', { conversationId })).toMatchObject({
      ok: true,
      data: { draft: null },
    });
    socket.close();
  });

  it('keeps each conversation its own draft when many visitors ask at once', async () => {
    const chats = await Promise.all([chatted(), chatted(), chatted()]);
    const drafts = await Promise.all(chats.map((c) => drafted(c.socket, c.conversationId)));
    for (const [i, c] of chats.entries()) {
      const joined = await c.socket.emitWithAck('conversation:join', {
        conversationId: c.conversationId,
      });
      expect(joined).toMatchObject({ ok: true, data: { draft: { draftId: drafts[i] } } });
      c.socket.close();
    }
  });
});

function listOfMessages(value: unknown): { role: string; content: string }[] {
  if (!Array.isArray(value)) throw new Error('messages is not a list');
  return value.map((m: unknown) => {
    if (typeof m !== 'object' || m === null || !('role' in m) || !('content' in m)) {
      throw new Error('not a chat message');
    }
    return { role: String(m.role), content: String(m.content) };
  });
}
