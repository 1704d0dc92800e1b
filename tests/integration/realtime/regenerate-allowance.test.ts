/**
 * Regenerating is not a message (issue 11): it spends nothing of the per-minute (member) or per-hour
 * (guest) message allowance, so a reader can reroll a reply after spending every send they had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter, newGuestId } from '../../support/factories';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import { testConfig } from '../../support/config';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import {
  connectGuest,
  connectMember,
  nextEvent,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let wire: WireServer;

beforeAll(async () => {
  smtp = await startSmtp();
  wire = await startWireServer({ tokens: words(5), firstTokenDelayMs: 20, tokenDelayMs: 0 });
  stack = await startStack(
    testConfig({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      SMTP_URL: smtp.url,
      MEMBER_MESSAGES_PER_MINUTE: '2',
      GUEST_MESSAGES_PER_HOUR: '2',
      GUEST_MESSAGES_PER_IP_PER_HOUR: '1000000',
    }),
  );
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await wire.close();
});

/** Sends into the conversation (or a new one) and waits for the reply. */
async function sendAndWait(
  socket: ClientSocket,
  characterId: string,
  conversationId: string | null,
) {
  const sent = await socket.emitWithAck('message:send', {
    characterId,
    conversationId,
    content: 'Say hello.',
  });
  if (!sent.ok) throw new Error(sent.error.code);
  await nextEvent(socket, 'generation:completed', (p) => p.message.id === sent.data.replyId);
  return sent.data.conversationId;
}

/** Regenerates the last reply and waits for the new one. */
async function regenerateAndWait(socket: ClientSocket, conversationId: string) {
  const ack = await socket.emitWithAck('generation:regenerate', { conversationId });
  if (!ack.ok) throw new Error(ack.error.code);
  await nextEvent(socket, 'generation:completed', (p) => p.message.id === ack.data.replyId);
}

/**
 * One send, three regenerates, then the second send still goes through (the allowance is 2) and the
 * third is refused with `code`; a regenerate after that is still accepted.
 */
async function regeneratesSpendNothing(socket: ClientSocket, code: string) {
  const characterId = await createCharacter(stack.app.deps.db);
  const conversationId = await sendAndWait(socket, characterId, null);
  for (let i = 0; i < 3; i++) await regenerateAndWait(socket, conversationId);
  await sendAndWait(socket, characterId, conversationId);
  expect(
    await socket.emitWithAck('message:send', { characterId, conversationId, content: 'More.' }),
  ).toMatchObject({ ok: false, error: { code } });
  await regenerateAndWait(socket, conversationId);
}

describe('generation:regenerate and the message allowance', () => {
  it('spends nothing of a member’s per-minute allowance', async () => {
    const member = await signInMember(stack, smtp);
    const socket = await connectMember(stack.url, member.session.accessToken);
    await regeneratesSpendNothing(socket, 'rate_limited');
    socket.close();
  });

  it('spends nothing of a guest’s hourly allowance', async () => {
    const socket = await connectGuest(stack.url, newGuestId());
    await regeneratesSpendNothing(socket, 'guest_message_limit');
    socket.close();
  });

  it('spends nothing when many regenerates race (one is taken, the rest find the chat busy)', async () => {
    const socket = await connectGuest(stack.url, newGuestId());
    const characterId = await createCharacter(stack.app.deps.db);
    const conversationId = await sendAndWait(socket, characterId, null);
    // The reply the race starts stays in flight while the other regenerates arrive, however busy the
    // machine is: a finished one would rightly let the next regenerate in.
    wire.behaviour.pace = () => ({ firstTokenDelayMs: 3000, tokenDelayMs: 0 });
    const acks = await Promise.all(
      Array.from({ length: 8 }, () =>
        socket.emitWithAck('generation:regenerate', { conversationId }),
      ),
    );
    const accepted = acks.flatMap((a) => (a.ok ? [a.data.replyId] : []));
    expect(accepted).toHaveLength(1);
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === accepted[0]);
    wire.behaviour.pace = undefined;
    // One of two sends spent: the second goes through, the third is refused.
    await sendAndWait(socket, characterId, conversationId);
    expect(
      await socket.emitWithAck('message:send', { characterId, conversationId, content: 'More.' }),
    ).toMatchObject({ ok: false, error: { code: 'guest_message_limit' } });
    socket.close();
  });
});
