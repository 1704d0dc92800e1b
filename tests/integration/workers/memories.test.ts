/**
 * Memories in the prompt and auto memories on the real stack (issue 11 §7), with a local OpenAI-wire
 * server as the model so its summaries are known: pinned memories enter a reply's prompt; in a long chat
 * of a member with conversation_memory_auto, the turns that fell out of the budget are summarised into
 * auto memories linked to the messages they came from, which later prompts carry; a member without it
 * gets none; two runs of the same job at once store each summary once.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConversationContext } from '#shared/api/generation';
import { listMemories } from '#shared/api/memories';
import { memoryJobId } from '#shared/jobs/generation';
import type { Role } from '#shared/schemas/user';
import { CharacterCache } from '#server/db/character-cache';
import * as conversationsRepo from '#server/db/repositories/conversations.repo';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { createLogger } from '#server/lib/log';
import { modelRegistryOf } from '#server/lib/model-registry';
import { processMemory, type MemoryDeps } from '#workers/memory/summarise.processor';
import { summaryInstruction } from '#workers/memory/summary-prompt';
import { createProvider } from '#workers/providers/create-provider';
import type { ModelProvider } from '#workers/providers/provider';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember, type SignedInMember } from '../../support/members';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, nextEvent, startStack, type Stack } from '../../support/stack';

const summary = 'Sam keeps a red umbrella and Mara promised to mend it.';

let wire: WireServer;
let stack: Stack;
let smtp: LocalSmtp;
let provider: ModelProvider;

/** Whether a request body is the memory job's summary request (its system message says so). */
function isSummaryRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return false;
  const { messages } = body;
  if (!Array.isArray(messages)) return false;
  const first: unknown = messages[0];
  return (
    typeof first === 'object' &&
    first !== null &&
    'content' in first &&
    typeof first.content === 'string' &&
    first.content.startsWith(summaryInstruction)
  );
}

function systemOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return '';
  const { messages } = body;
  if (!Array.isArray(messages)) return '';
  const first: unknown = messages[0];
  return typeof first === 'object' && first !== null && 'content' in first
    ? String(first.content)
    : '';
}

const config = () =>
  testConfig({
    SMTP_URL: smtp.url,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.baseUrl,
    LLM_MODEL: 'wire',
    LLM_CONTEXT_SIZE: '600',
  });

beforeAll(async () => {
  wire = await startWireServer({
    tokens: words(8, 'reply'),
    respond: (body) => (isSummaryRequest(body) ? [`Summary: ${summary}`] : undefined),
  });
  smtp = await startSmtp();
  stack = await startStack(config());
  provider = await createProvider(config(), createLogger('silent', 'worker'));
});
afterAll(async () => {
  await provider.close();
  await stack.close();
  await smtp.close();
  await wire.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

async function member(role: Role): Promise<SignedInMember & { id: string }> {
  const email = `auto-memory-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(db(), email);
  await users.setRole(db(), user.id, role);
  return { ...(await signInMember(stack, smtp, email)), id: user.id };
}

/** A chat of `turns` messages (user first), each about 40 tokens; answers its ids in chat order. */
async function longChat(m: { id: string }, characterId: string, turns: number) {
  const conversationId = randomUUID();
  const text = (i: number) =>
    `Message ${i}: ${'The lighthouse stands on the windy cliff. '.repeat(4)}`;
  const first = { id: randomUUID(), content: text(0) };
  await messagesRepo.startConversation(db(), {
    conversationId,
    userId: m.id,
    characterId,
    userPersonaId: null,
    greeting: null,
    message: first,
  });
  const ids: string[] = [first.id];
  // Dated after the first message and before any message sent later, a millisecond apart.
  const start = Date.now();
  const rows = Array.from({ length: turns - 1 }, (_, k) => {
    const i = k + 1;
    const id = randomUUID();
    const row = {
      id,
      conversation_id: conversationId,
      prev_id: ids[i - 1] ?? null,
      role: i % 2 === 0 ? ('user' as const) : ('bot' as const),
      content: text(i),
      created_at: new Date(start + i),
    };
    ids.push(id);
    return row;
  });
  await messagesRepo.insertMany(db(), rows);
  await conversationsRepo.setHead(db(), {
    id: conversationId,
    lastMessageId: ids.at(-1) ?? null,
    messageCount: ids.length,
  });
  return { conversationId, ids };
}

/** Sends a message and waits for its reply. */
async function exchange(m: SignedInMember, characterId: string, conversationId: string) {
  const socket = await connectMember(stack.url, m.session.accessToken);
  try {
    const ack = await socket.emitWithAck('message:send', {
      characterId,
      conversationId,
      content: 'Tell me about the umbrella.',
    });
    if (!ack.ok) throw new Error(ack.error.code);
    await nextEvent(socket, 'generation:completed', (c) => c.message.id === ack.data.replyId);
    return ack.data.replyId;
  } finally {
    socket.close();
  }
}

async function memoriesOf(m: SignedInMember, conversationId: string) {
  const res = await inject({
    url: `/api/conversations/${conversationId}/memories`,
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return listMemories.response.parse(res.json()).items;
}

/**
 * The conversation's auto memories once the memory job has stored some and ended (it stores a summary
 * at a time, and is removed from the queue when it completes).
 */
async function autoMemoriesOf(m: SignedInMember, conversationId: string) {
  const autoOf = async () =>
    (await memoriesOf(m, conversationId)).filter((x) => x.memoryType === 'other');
  for (let i = 0; i < 300; i++) {
    const isRunning =
      (await stack.app.deps.queue.queue.getJob(memoryJobId(conversationId))) !== undefined;
    if (!isRunning && (await autoOf()).length > 0) return autoOf();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no auto memory was stored');
}

function memoryDeps(): MemoryDeps {
  const c = config();
  return {
    db: db(),
    characters: new CharacterCache(db()),
    provider,
    log: createLogger('silent', 'worker'),
    models: modelRegistryOf(c),
    maxTokens: c.LLM_MAX_TOKENS,
    temperature: c.LLM_TEMPERATURE,
    timeoutMs: c.LLM_TIMEOUT_MS,
  };
}

describe('memories in replies', () => {
  it('puts pinned memories into the prompt, as the context meter shows', async () => {
    const m = await member('paid_basic');
    const characterId = await createCharacter(db());
    const { conversationId } = await longChat(m, characterId, 3);
    const created = await inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/memories`,
      headers: m.headers,
      payload: { content: 'Sam is afraid of thunder.', isPinned: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    await inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/memories`,
      headers: m.headers,
      payload: { content: 'An unpinned note of the member.' },
    });
    const asked = wire.requests.length;
    await exchange(m, characterId, conversationId);
    const replies = wire.requests.slice(asked).filter((b) => !isSummaryRequest(b));
    expect(replies).toHaveLength(1);
    const system = systemOf(replies[0]);
    expect(system).toContain('Memories:\n- Sam is afraid of thunder.');
    expect(system).toContain('- An unpinned note of the member.');
    const context = getConversationContext.response.parse(
      (
        await inject({ url: `/api/conversations/${conversationId}/context`, headers: m.headers })
      ).json(),
    );
    expect(context.latest?.report.sectionTokens.memories).toBeGreaterThan(0);
    expect(context.latest?.report.leftOut.memories).toBe(0);
  });

  it('summarises the turns a long chat left out into auto memories linked to them', async () => {
    const m = await member('paid_premium');
    const characterId = await createCharacter(db());
    const { conversationId, ids } = await longChat(m, characterId, 40);
    await exchange(m, characterId, conversationId);

    const auto = await autoMemoriesOf(m, conversationId);
    const oldest = auto.at(-1);
    if (!oldest) throw new Error('no auto memory');
    expect(oldest).toMatchObject({ content: summary, isPinned: false, memoryType: 'other' });
    // Each memory came from a run of the oldest messages, in chat order, none of them twice.
    expect(oldest.sourceMessageIds.length).toBeGreaterThanOrEqual(6);
    expect(oldest.sourceMessageIds).toEqual(ids.slice(0, oldest.sourceMessageIds.length));
    const linked = auto.flatMap((x) => x.sourceMessageIds);
    expect(new Set(linked).size).toBe(linked.length);
    const stored = await db()
      .selectFrom('memory_sources')
      .select('message_id')
      .where('message_id', 'in', ids)
      .execute();
    expect(stored.map((r) => r.message_id).sort()).toEqual([...linked].sort());

    // The next reply's prompt carries the facts of the turns it no longer holds.
    const asked = wire.requests.length;
    await exchange(m, characterId, conversationId);
    const reply = wire.requests.slice(asked).find((b) => !isSummaryRequest(b));
    const system = systemOf(reply);
    expect(system).toContain(`- ${summary}`);
    expect(JSON.stringify(reply)).not.toContain('Message 0: ');
  });

  it('writes no auto memory for a member without conversation_memory_auto', async () => {
    const m = await member('paid_basic');
    const characterId = await createCharacter(db());
    const { conversationId, ids } = await longChat(m, characterId, 40);
    const stored = await processMemory(memoryDeps(), {
      conversationId,
      userId: m.id,
      characterId,
      throughMessageId: ids[30] ?? '',
    });
    expect(stored).toBe(0);
    expect(await memoriesOf(m, conversationId)).toEqual([]);
  });

  it('stores each summary once when the same job runs twice at once', async () => {
    const m = await member('paid_premium');
    const characterId = await createCharacter(db());
    const { conversationId, ids } = await longChat(m, characterId, 40);
    const job = { conversationId, userId: m.id, characterId, throughMessageId: ids[30] ?? '' };
    const [a, b] = await Promise.all([
      processMemory(memoryDeps(), job),
      processMemory(memoryDeps(), job),
    ]);
    const auto = await memoriesOf(m, conversationId);
    expect(a + b).toBe(auto.length);
    expect(auto.length).toBeGreaterThan(0);
    const linked = auto.flatMap((x) => x.sourceMessageIds);
    expect(new Set(linked).size).toBe(linked.length);
    expect(linked.every((id) => ids.slice(0, 31).includes(id))).toBe(true);
    // A later run finds nothing left to summarise up to that message.
    expect(await processMemory(memoryDeps(), job)).toBe(0);
  });
});
