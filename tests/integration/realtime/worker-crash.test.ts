/**
 * Worker processes stopping in the middle of a reply: one killed outright, whose job's lock lapses so
 * another worker takes the job back; one stopped for a deploy, which finishes its reply first; and one
 * whose grace period runs out, which hands the job back. Each reply is stored once and completed once.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
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
// Each test has only its own workers: one left running would take the next test's reply.
afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await stack.close();
  await wire.close();
});

function startWorker(env: Record<string, string> = {}): Promise<Child> {
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
      ...env,
    },
    /workers started/,
  ).then((child) => {
    children.push(child);
    return child;
  });
}

/** Sends a message and waits until the reply is being written. */
async function replyInFlight() {
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
  return { socket, events, sent: sent.data };
}

/** The reply completed whole, was stored once and completed once; answers how often it started. */
async function expectCompletedOnce({
  socket,
  events,
  sent,
}: Awaited<ReturnType<typeof replyInFlight>>): Promise<number> {
  const completed = await nextEvent(socket, 'generation:completed');
  expect(completed.message.id).toBe(sent.replyId);
  expect(completed.message.content).toBe(words(40).join('').trim());
  const rows = await stack.app.deps.db
    .selectFrom('messages')
    .select(['id', 'role'])
    .where('conversation_id', '=', sent.conversationId)
    .where('role', '=', 'bot')
    .where('prev_id', '=', sent.message.id)
    .execute();
  expect(rows).toEqual([{ id: sent.replyId, role: 'bot' }]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(events.filter((e) => e.event === 'generation:completed')).toHaveLength(1);
  socket.close();
  return payloadsOf(events, 'generation:started').filter((s) => s.messageId === sent.replyId)
    .length;
}

it('finishes the reply once on another worker after a crash', async () => {
  const doomed = await startWorker();
  const reply = await replyInFlight();

  const pid = doomed.process.pid;
  if (pid === undefined) throw new Error('no worker pid');
  process.kill(-pid, 'SIGKILL');
  await startWorker();
  // The taken-back job started the reply over: the client heard it start again.
  expect(await expectCompletedOnce(reply)).toBe(2);
}, 90_000);

it('finishes its reply before a stopping worker exits', async () => {
  const stopping = await startWorker();
  const reply = await replyInFlight();
  await stopping.stop(); // SIGTERM; resolves when the process has exited
  expect(await expectCompletedOnce(reply)).toBe(1);
}, 90_000);

it('hands the reply back when the shutdown grace period runs out', async () => {
  const stopping = await startWorker({ WORKER_SHUTDOWN_GRACE_MS: '300' });
  const reply = await replyInFlight();
  await stopping.stop();
  await startWorker();
  expect(await expectCompletedOnce(reply)).toBe(2);
}, 90_000);
