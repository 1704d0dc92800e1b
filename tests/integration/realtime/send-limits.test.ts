/**
 * Message allowances on the send path: guests per id and per address, and a refused send counts
 * against none of them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
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
  wire = await startWireServer({ tokens: words(5), firstTokenDelayMs: 300, tokenDelayMs: 0 });
  stack = await startStack(
    testConfig({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      GUEST_MESSAGES_PER_HOUR: '2',
    }),
  );
});
afterAll(async () => {
  await stack.close();
  await wire.close();
});

function send(socket: ClientSocket, characterId: string, conversationId: string | null) {
  return socket.emitWithAck('message:send', { characterId, conversationId, content: 'Hello' });
}

/** Sends and waits for the reply, so the next send finds the conversation free. */
async function exchange(socket: ClientSocket, characterId: string, conversationId: string | null) {
  const ack = await send(socket, characterId, conversationId);
  if (!ack.ok) throw new Error(ack.error.code);
  await nextEvent(socket, 'generation:completed', (c) => c.message.id === ack.data.replyId);
  return ack.data.conversationId;
}

it('does not count a refused send: a busy conversation spends no allowance', async () => {
  const characterId = await createCharacter(stack.app.deps.db);
  const socket = await connectGuest(stack.url, newGuestId());
  const first = await send(socket, characterId, null);
  if (!first.ok) throw new Error(first.error.code);
  const { conversationId } = first.data;
  // Refused while the first reply is written: conversation_busy, not counted.
  expect(await send(socket, characterId, conversationId)).toMatchObject({
    ok: false,
    error: { code: 'conversation_busy' },
  });
  await nextEvent(socket, 'generation:completed');
  // So the second message of the allowance of two still goes through, and the third is refused.
  await exchange(socket, characterId, conversationId);
  const refused = await send(socket, characterId, conversationId);
  if (refused.ok) throw new Error('the third message was accepted');
  expect(refused.error.code).toBe('guest_message_limit');
  expect(refused.error.details?.retryAfterSeconds).toBeGreaterThan(0);
  socket.close();
});

it('limits all guests of one address together, so inventing guest ids gains nothing', async () => {
  // A stack of its own: the address's counter is per install (key prefix).
  const own = await startStack(
    testConfig({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      GUEST_MESSAGES_PER_IP_PER_HOUR: '3',
    }),
  );
  try {
    const characterId = await createCharacter(own.app.deps.db);
    const sockets = await Promise.all([1, 2, 3, 4].map(() => connectGuest(own.url, newGuestId())));
    const [a, b, c, d] = sockets;
    if (!a || !b || !c || !d) throw new Error('sockets');
    await exchange(a, characterId, null);
    await exchange(b, characterId, null);
    await exchange(c, characterId, null);
    expect(await send(d, characterId, null)).toMatchObject({
      ok: false,
      error: { code: 'guest_message_limit' },
    });
    for (const s of sockets) s.close();
  } finally {
    await own.close();
  }
});

it('refuses a chatbot waiting for a moderator with character_in_manual_review, counting nothing', async () => {
  const characterId = await createCharacter(stack.app.deps.db);
  await stack.app.deps.db
    .updateTable('characters')
    .set({ moderation_status: 'manual_review_required' })
    .where('id', '=', characterId)
    .execute();
  const socket = await connectGuest(stack.url, newGuestId());
  expect(await send(socket, characterId, null)).toMatchObject({
    ok: false,
    error: { code: 'character_in_manual_review' },
  });
  // Nothing was stored for it.
  const stored = await stack.app.deps.db
    .selectFrom('conversations')
    .select('id')
    .where('character_id', '=', characterId)
    .execute();
  expect(stored).toEqual([]);
  socket.close();
});
