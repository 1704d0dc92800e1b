/**
 * Group chats that talk in turns (issue 12 §8, §10), on real components with the tiny model and two
 * worker processes' worth of processors competing for the same queues: who answers, everyone in turn,
 * Auto Response within its bound, a user message or Stop ending the chain, Next (premium) handing the
 * turn to another member, also mid-reply, no turn written twice, and retry and regenerate taking the
 * same member's turn again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAutoTurnsPerRound } from '#shared/rules/group-turns';
import type { Message } from '#shared/schemas/message';
import * as groupsRepo from '#server/db/repositories/groups.repo';
import * as replyPrompts from '#server/db/repositories/reply-prompts.repo';
import * as users from '#server/db/repositories/users.repo';
import { createLogger } from '#server/lib/log';
import { startWorkers, type RunningWorkers } from '../../../workers/start-workers';
import { testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { createLongConversation } from '../../../testkit/long-conversation';
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
let second: RunningWorkers;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  const config = testConfig({ SMTP_URL: smtp.url });
  stack = await startStack(config);
  // A second worker process on the same queues: turns must still be written once each.
  second = await startWorkers(config, createLogger('silent', 'worker-2'));
}, 120_000);
afterAll(async () => {
  await second.close();
  await stack.close();
  await smtp.close();
});

const db = () => stack.app.deps.db;

/** A public group of three bots; the second one greets. */
async function createGroup(): Promise<{ groupId: string; members: string[] }> {
  const members = [
    await createCharacter(db(), { name: 'Ada' }),
    await createCharacter(db(), { name: 'Bram' }),
    await createCharacter(db(), { name: 'Cleo' }),
  ];
  const groupId = await createCharacter(db(), { name: 'Trio', greeting: 'Welcome, {{user}}.' });
  await db().updateTable('characters').set({ type: 'meta' }).where('id', '=', groupId).execute();
  await groupsRepo.setGroup(db(), groupId, members, members[1] ?? null);
  return { groupId, members };
}

/** Waits until no turn or reply of the test's queues is waiting or running, several times in a row. */
async function settled(conversationId: string): Promise<void> {
  const { queue, replies } = stack.app.deps;
  let quiet = 0;
  while (quiet < 5) {
    const [turns, gens, pending] = await Promise.all([
      queue.turns.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      queue.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      replies.read(conversationId),
    ]);
    const busy = [...Object.values(turns), ...Object.values(gens)].some((n) => n > 0);
    quiet = busy || pending !== null ? 0 : quiet + 1;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function messagesOf(conversationId: string): Promise<Message[]> {
  const rows = await db()
    .selectFrom('messages')
    .select(['id', 'prev_id', 'role', 'sub_character_id', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    conversationId,
    prevId: r.prev_id,
    role: r.role,
    content: '',
    isStopped: false,
    rating: null,
    subCharacterId: r.sub_character_id,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Every message answers a different one: no turn was written twice and no stale turn forked. */
function expectOneChain(all: Message[]): void {
  const prevIds = all.map((m) => m.prevId);
  expect(new Set(prevIds).size).toBe(prevIds.length);
}

/** A signed-in member of `role`, connected. */
async function memberSocket(role: 'paid_premium' | 'free_tier'): Promise<ClientSocket> {
  const email = `group-${randomUUID()}@example.com`;
  const row = await users.upsertMemberByEmail(db(), email);
  await users.setRole(db(), row.id, role);
  const member = await signInMember(stack, smtp, email);
  return connectMember(stack.url, member.session.accessToken);
}

async function send(
  socket: ClientSocket,
  input: { characterId: string; conversationId: string | null; content: string; turn?: object },
) {
  for (;;) {
    const ack = await socket.emitWithAck('message:send', input);
    if (ack.ok) return ack.data;
    // A reply still being written: the user waits for it, as the composer does.
    if (ack.error.code !== 'conversation_busy') throw new Error(ack.error.code);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('group-turns', () => {
  it('greets as the greeter and answers with one member, labelled', async () => {
    const { groupId, members } = await createGroup();
    const socket = await connectGuest(stack.url, newGuestId());
    const sent = await send(socket, { characterId: groupId, conversationId: null, content: 'Hi!' });
    const done = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === sent.replyId,
    );
    await settled(sent.conversationId);
    const all = await messagesOf(sent.conversationId);
    expect(all.map((m) => m.role)).toEqual(['bot', 'user', 'bot']);
    expect(all[0]?.subCharacterId).toBe(members[1]);
    expect(members).toContain(done.message.subCharacterId);
    // The greeter spoke last: one who has not spoken answers, in turn order after the greeter.
    expect(done.message.subCharacterId).toBe(members[2]);
    // The reply's prompt is kept for the context meter, written in the speaking member's voice.
    const kept = await replyPrompts.latestOf(db(), sent.conversationId);
    expect(kept).toMatchObject({ messageId: sent.replyId, speakerId: members[2] });
    expect(kept?.report.usedTokens).toBeGreaterThan(0);
    expect(kept?.messages[0]?.content).toContain('Cleo is talking with Ada, Bram');
    socket.disconnect();
  });

  it('answers a named member first, and everyone once in turn order', async () => {
    const { groupId, members } = await createGroup();
    const socket = await connectGuest(stack.url, newGuestId());
    const first = await send(socket, {
      characterId: groupId,
      conversationId: null,
      content: 'Ada, what do you think?',
    });
    const named = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === first.replyId,
    );
    expect(named.message.subCharacterId).toBe(members[0]);
    await settled(first.conversationId);

    const everyone = await send(socket, {
      characterId: groupId,
      conversationId: first.conversationId,
      content: 'Everyone, say hello.',
      turn: { mode: 'everyone' },
    });
    await settled(everyone.conversationId);
    const all = await messagesOf(first.conversationId);
    const after = all.slice(all.findIndex((m) => m.id === everyone.message.id) + 1);
    expect(after.map((m) => m.subCharacterId)).toEqual([members[1], members[2], members[0]]);
    expectOneChain(all);
    socket.disconnect();
  });

  it('keeps answering with Auto Response within the bound, and a user message ends the chain', async () => {
    const { groupId, members } = await createGroup();
    const socket = await connectGuest(stack.url, newGuestId());
    const first = await send(socket, {
      characterId: groupId,
      conversationId: null,
      content: 'Go on.',
    });
    await settled(first.conversationId);
    const { conversationId } = first;
    await groupsRepo.setAutoResponse(db(), conversationId, true);

    const chain = await send(socket, { characterId: groupId, conversationId, content: 'Talk.' });
    await settled(conversationId);
    let all = await messagesOf(conversationId);
    const round = all.slice(all.findIndex((m) => m.id === chain.message.id) + 1);
    expect(round).toHaveLength(groupAutoTurnsPerRound);
    expect(round.every((m) => m.role === 'bot' && members.includes(m.subCharacterId ?? ''))).toBe(
      true,
    );
    // Nobody answers themself.
    for (const [i, m] of round.entries()) {
      if (i > 0) expect(m.subCharacterId).not.toBe(round[i - 1]?.subCharacterId);
    }

    // Mid-chain the user speaks: the old round writes nothing more, the new one answers the user.
    const third = await send(socket, {
      characterId: groupId,
      conversationId,
      content: 'Stop, all.',
    });
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === third.replyId);
    await groupsRepo.setAutoResponse(db(), conversationId, false);
    await socket.emitWithAck('generation:stop', { conversationId });
    await settled(conversationId);
    all = await messagesOf(conversationId);
    expectOneChain(all);
    const afterThird = all.slice(all.findIndex((m) => m.id === third.message.id) + 1);
    expect(afterThird[0]?.prevId).toBe(third.message.id);
    expect(afterThird.length).toBeLessThanOrEqual(groupAutoTurnsPerRound);
    socket.disconnect();
  });

  it('stops an Auto Response chain at once on Stop', async () => {
    const { groupId } = await createGroup();
    const socket = await connectGuest(stack.url, newGuestId());
    const first = await send(socket, {
      characterId: groupId,
      conversationId: null,
      content: 'Hi.',
    });
    const { conversationId } = first;
    await settled(conversationId);
    await groupsRepo.setAutoResponse(db(), conversationId, true);

    const chain = await send(socket, { characterId: groupId, conversationId, content: 'Talk.' });
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === chain.replyId);
    const stop = await socket.emitWithAck('generation:stop', { conversationId });
    expect(stop.ok).toBe(true);
    await settled(conversationId);
    const all = await messagesOf(conversationId);
    expectOneChain(all);
    // The first reply, and at most the one already under way when Stop came: the round ended there.
    const round = all.slice(all.findIndex((m) => m.id === chain.message.id) + 1);
    expect(round.length).toBeGreaterThanOrEqual(1);
    expect(round.length).toBeLessThanOrEqual(2);
    socket.disconnect();
  });

  it('hands the turn to another member with Next (premium), also mid-reply; free members are refused', async () => {
    const { groupId, members } = await createGroup();
    const socket = await memberSocket('paid_premium');
    const sent = await send(socket, { characterId: groupId, conversationId: null, content: 'Hi.' });
    const { conversationId } = sent;
    await settled(conversationId);
    const answered = (await messagesOf(conversationId)).at(-1);

    // After a reply: another member answers it.
    const next = await socket.emitWithAck('group:next', { conversationId });
    expect(next.ok).toBe(true);
    await settled(conversationId);
    let all = await messagesOf(conversationId);
    const skipped = all.at(-1);
    expect(skipped).toMatchObject({ role: 'bot', prevId: answered?.id });
    expect(members).toContain(skipped?.subCharacterId);
    expect(skipped?.subCharacterId).not.toBe(answered?.subCharacterId);

    // Mid-reply: the speaker is stopped (its reply kept beside the new one) and someone else answers.
    const story = await send(socket, {
      characterId: groupId,
      conversationId,
      content: 'Tell a long story.',
    });
    const started = await nextEvent(
      socket,
      'generation:started',
      (p) => p.messageId === story.replyId,
    );
    expect((await socket.emitWithAck('group:next', { conversationId })).ok).toBe(true);
    await settled(conversationId);
    all = await messagesOf(conversationId);
    expect(all.filter((m) => m.prevId === story.message.id).length).toBeLessThanOrEqual(2);
    expect(new Set(all.map((m) => `${m.prevId ?? ''}:${m.subCharacterId ?? ''}`)).size).toBe(
      all.length,
    );
    expect(all.at(-1)?.role).toBe('bot');
    expect(all.at(-1)?.subCharacterId).not.toBe(started.speakerId);

    // Next is premium: a free member is refused and nothing is written.
    const free = await memberSocket('free_tier');
    const own = await send(free, { characterId: groupId, conversationId: null, content: 'Hi.' });
    await settled(own.conversationId);
    const before = await messagesOf(own.conversationId);
    const refused = await free.emitWithAck('group:next', { conversationId: own.conversationId });
    expect(refused.ok ? null : refused.error.code).toBe('group_premium_required');
    await settled(own.conversationId);
    expect(await messagesOf(own.conversationId)).toEqual(before);
    socket.disconnect();
    free.disconnect();
  });

  it("refuses to drive someone else's group conversation", async () => {
    const { groupId } = await createGroup();
    const owner = await connectGuest(stack.url, newGuestId());
    const sent = await send(owner, { characterId: groupId, conversationId: null, content: 'Hey.' });
    await settled(sent.conversationId);
    const other = await connectGuest(stack.url, newGuestId());
    const ack = await other.emitWithAck('message:send', {
      characterId: groupId,
      conversationId: sent.conversationId,
      content: 'Let me in.',
    });
    expect(ack.ok ? null : ack.error.code).toBe('conversation_not_found');
    const next = await other.emitWithAck('group:next', { conversationId: sent.conversationId });
    expect(next.ok ? null : next.error.code).toBe('conversation_not_found');
    const picked = await other.emitWithAck('message:send', {
      characterId: groupId,
      conversationId: null,
      content: 'Mine.',
      turn: { mode: 'pick', speakerId: groupId },
    });
    expect(picked.ok ? null : picked.error.code).toBe('validation_failed');
    for (const event of ['generation:retry', 'generation:regenerate'] as const) {
      const again = await other.emitWithAck(event, { conversationId: sent.conversationId });
      expect(again.ok ? null : again.error.code).toBe('conversation_not_found');
    }
    const bad = await owner.emitWithAck('generation:retry', {
      conversationId: sent.conversationId,
      speakerId: 'not-a-member',
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', field: 'speakerId' },
    });
    // Nothing was written for anyone: the owner's chat is as it was.
    expect((await messagesOf(sent.conversationId)).map((m) => m.role)).toEqual([
      'bot',
      'user',
      'bot',
    ]);
    owner.disconnect();
    other.disconnect();
  });

  it("regenerates a reply as the same member, streamed and labelled, a member's answer to another too", async () => {
    const { groupId, members } = await createGroup();
    const socket = await connectGuest(stack.url, newGuestId());
    const sent = await send(socket, {
      characterId: groupId,
      conversationId: null,
      content: 'Everyone, one line each.',
      turn: { mode: 'everyone' },
    });
    const { conversationId } = sent;
    await settled(conversationId);
    let all = await messagesOf(conversationId);
    const last = all.at(-1);
    // Everyone answered in turn: the last reply answers the member before it.
    expect(all.at(-2)?.role).toBe('bot');

    const ack = await socket.emitWithAck('generation:regenerate', { conversationId });
    if (!ack.ok) throw new Error(ack.error.code);
    expect(ack.data.replacedId).toBe(last?.id);
    const started = await nextEvent(
      socket,
      'generation:started',
      (p) => p.messageId === ack.data.replyId,
    );
    expect(started.speakerId).toBe(last?.subCharacterId);
    const done = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === ack.data.replyId,
    );
    expect(done.message.subCharacterId).toBe(last?.subCharacterId);
    expect(done.message.prevId).toBe(last?.prevId);
    await settled(conversationId);
    all = await messagesOf(conversationId);
    // The old reply is kept as an alternative; nobody else spoke after the regenerated one.
    expect(all.filter((m) => m.prevId === last?.prevId).map((m) => m.subCharacterId)).toEqual([
      last?.subCharacterId,
      last?.subCharacterId,
    ]);
    expect(members).toContain(done.message.subCharacterId);
    socket.disconnect();
  });

  it('retries a failed turn with the member named, else the group chooses', async () => {
    const { groupId, members } = await createGroup();
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    const guest = await users.findByGuestId(db(), guestId);
    if (!guest) throw new Error('the handshake made no guest');
    // A chat whose last message, the user's, got no reply (its reply failed).
    const chat = await createLongConversation(db(), {
      userId: guest.id,
      characterId: groupId,
      count: 3,
    });
    const { conversationId } = chat;
    const head = chat.messageIds.at(-1);

    const named = await socket.emitWithAck('generation:retry', {
      conversationId,
      speakerId: members[2],
    });
    if (!named.ok) throw new Error(named.error.code);
    const started = await nextEvent(
      socket,
      'generation:started',
      (p) => p.messageId === named.data.replyId,
    );
    expect(started.speakerId).toBe(members[2]);
    const done = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === named.data.replyId,
    );
    expect(done.message).toMatchObject({ prevId: head, subCharacterId: members[2] });
    await settled(conversationId);

    // Another chat the same way, retried without a name: the group's own choice, the greeter first.
    const other = await createLongConversation(db(), {
      userId: guest.id,
      characterId: groupId,
      count: 3,
    });
    const chosen = await socket.emitWithAck('generation:retry', {
      conversationId: other.conversationId,
    });
    if (!chosen.ok) throw new Error(chosen.error.code);
    const answer = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === chosen.data.replyId,
    );
    expect(answer.message.subCharacterId).toBe(members[1]);
    await settled(other.conversationId);
    expectOneChain(await messagesOf(other.conversationId));
    socket.disconnect();
  });
});
