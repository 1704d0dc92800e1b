/**
 * A worker process killed in the middle of a reply: its job's lock lapses, another worker takes the
 * job back and writes the reply, which is stored once and completed once for the user.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { startWireServer, words, type WireServer } from '../../support/openai-wire-server';
import { startProcess, type Child } from '../../support/processes';
import { redisUrl } from '../../support/services';
import {
  connectGuest,
  nextEvent,
  payloadsOf,
  recordEvents,
  startStack,
  type Stack,
} from '../../support/stack';

let wire: WireServer;
let stack: Stack;
const children: Child[] = [];

beforeAll(async () => {
  wire = await startWireServer({ tokens: words(40), firstTokenDelayMs: 0, tokenDelayMs: 100 });
  stack = await startStack(
    testConfig({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
    }),
    { workers: false },
  );
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await stack.close();
  await wire.close();
});

function startWorker(): Promise<Child> {
  const config = stack.app.deps.config;
  return startProcess(
    'workers/main.ts',
    {
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: config.REDIS_PREFIX,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      WORKER_QUEUES: 'generation',
      WORKER_LOCK_MS: '2000',
      LOG_LEVEL: 'info',
    },
    /workers started/,
  ).then((child) => {
    children.push(child);
    return child;
  });
}

it('finishes the reply once on another worker', async () => {
  const doomed = await startWorker();
  const characterId = await createCharacter(stack.app.deps.db);
  const socket = await connectGuest(stack.url, newGuestId());
  const events = recordEvents(socket);
  const sent = await socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: 'Tell me everything',
  });
  if (!sent.ok) throw new Error(sent.error.code);
  await nextEvent(socket, 'generation:delta', (d) => d.seq >= 3);

  const pid = doomed.process.pid;
  if (pid === undefined) throw new Error('no worker pid');
  process.kill(-pid, 'SIGKILL');
  await startWorker();

  const completed = await nextEvent(socket, 'generation:completed');
  expect(completed.message.id).toBe(sent.data.replyId);
  expect(completed.message.content).toBe(words(40).join('').trim());
  // The taken-back job started the reply over: the client hears it start again.
  const starts = payloadsOf(events, 'generation:started');
  expect(starts.filter((s) => s.messageId === sent.data.replyId)).toHaveLength(2);

  // Stored once, completed once.
  const rows = await stack.app.deps.db
    .selectFrom('messages')
    .select(['id', 'role'])
    .where('conversation_id', '=', sent.data.conversationId)
    .where('role', '=', 'bot')
    .where('prev_id', '=', sent.data.message.id)
    .execute();
  expect(rows).toEqual([{ id: sent.data.replyId, role: 'bot' }]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(events.filter((e) => e.event === 'generation:completed')).toHaveLength(1);
  socket.close();
}, 90_000);
