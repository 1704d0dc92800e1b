/**
 * Worker processes stopping in the middle of a reply: one killed outright, whose job's lock lapses so
 * another worker takes the job back; one stopped for a deploy, which finishes its reply first; and one
 * whose grace period runs out, which hands the job back. Each reply is stored once and completed once.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createCharacter, newGuestId } from '../../support/factories';
import { redisEnv, testConfig } from '../../support/config';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import { startProcess, type Child } from '../../../testkit/processes';
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
      ...redisEnv(),
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

function kill(child: Child): void {
  const pid = child.process.pid;
  if (pid === undefined) throw new Error('no worker pid');
  process.kill(-pid, 'SIGKILL');
}

it('finishes the reply once on another worker after a crash, restarting its text cleanly', async () => {
  const doomed = await startWorker();
  const reply = await replyInFlight();
  kill(doomed);
  await startWorker();
  // The taken-back job started the reply over: the client heard it start again.
  expect(await expectCompletedOnce(reply)).toBe(2);

  // The second run restarts from the seq the first had reached, with empty text; its deltas alone
  // make the whole reply, so a client that drops the old text on the restart shows it exactly.
  const starts = reply.events.flatMap((e, i) => (e.event === 'generation:started' ? [i] : []));
  const restartAt = starts[1] ?? -1;
  const firstRun = payloadsOf(reply.events.slice(0, restartAt), 'generation:delta');
  const [restart] = payloadsOf(reply.events.slice(restartAt), 'generation:started');
  expect(restart?.seq).toBe(firstRun.at(-1)?.seq ?? 0);
  const secondRun = payloadsOf(reply.events.slice(restartAt), 'generation:delta');
  expect(secondRun[0]?.seq).toBe((restart?.seq ?? 0) + 1);
  expect(
    secondRun
      .map((d) => d.text)
      .join('')
      .trim(),
  ).toBe(words(40).join('').trim());
}, 90_000);

it('gives a reply up after its worker is killed twice: the chat is free and the client can retry', async () => {
  const first = await startWorker();
  const reply = await replyInFlight();
  kill(first);
  const second = await startWorker();
  await nextEvent(reply.socket, 'generation:started', (s) => s.seq > 0);
  await nextEvent(reply.socket, 'generation:delta');
  kill(second);
  await startWorker();
  const failed = await nextEvent(reply.socket, 'generation:failed', undefined, 60_000);
  expect(failed).toMatchObject({
    messageId: reply.sent.replyId,
    error: { code: 'generation_failed' },
  });
  // The conversation is free at once: a retry is accepted and completes.
  const retry = await reply.socket.emitWithAck('generation:retry', {
    conversationId: reply.sent.conversationId,
  });
  if (!retry.ok) throw new Error(retry.error.code);
  const completed = await nextEvent(
    reply.socket,
    'generation:completed',
    (c) => c.message.id === retry.data.replyId,
  );
  expect(completed.message.content).toBe(words(40).join('').trim());
  reply.socket.close();
}, 120_000);

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
