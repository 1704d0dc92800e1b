/**
 * A Redis Cluster master failing over to its replica mid-reply (README "Scaling out: Redis Cluster"):
 * the master holding the generation queue and several conversations is killed while their replies
 * stream. Every reply completes, or fails with the usual retry, which then completes; no stored message
 * is lost and no client is left without a done or an error. Runs in integration-cluster only, alone,
 * and starts the killed node again afterwards, where it rejoins as a replica.
 */
import { execFileSync } from 'node:child_process';
import { Redis as OneRedis, type Cluster } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { generationQueue } from '#shared/jobs/generation';
import { redisKeys } from '#server/lib/redis-keys';
import { createCharacter, newGuestId } from '../../support/factories';
import { clusterScript } from '../../support/cluster-setup';
import { testConfig } from '../../support/config';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import {
  connectGuest,
  payloadsOf,
  recordEvents,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

/** Long enough a reply that the failover (about 3.5 s on the local cluster) happens inside it. */
const replyTokens = words(60);
const reply = replyTokens.join('').trim();

let wire: WireServer;
let stack: Stack;

beforeAll(async () => {
  wire = await startWireServer({ tokens: replyTokens, firstTokenDelayMs: 0, tokenDelayMs: 150 });
  stack = await startStack(
    testConfig({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      WORKER_CONCURRENCY: '32',
    }),
  );
});
afterAll(async () => {
  await stack.close();
  await wire.close();
  execFileSync(clusterScript, ['start'], { stdio: 'inherit' });
});

const SlotsSchema = z.array(
  z
    .tuple([z.number(), z.number(), z.tuple([z.string(), z.number()]).rest(z.unknown())])
    .rest(z.unknown()),
);

/** The port of the master serving a key's slot. */
async function masterPortOf(cluster: Cluster, key: string): Promise<number> {
  const slot = await cluster.cluster('KEYSLOT', key);
  const ranges = SlotsSchema.parse(await cluster.cluster('SLOTS'));
  const range = ranges.find(([from, to]) => slot >= from && slot <= to);
  if (range === undefined) throw new Error(`no master serves slot ${String(slot)}`);
  return range[2][1];
}

interface Chat {
  socket: ClientSocket;
  events: { event: string; payload: unknown }[];
  /** When each delta arrived (ms since the epoch), for the longest pause the failover caused. */
  deltaTimes: number[];
  conversationId: string;
  messageId: string;
  replyId: string;
  /** The master of its conversation's slot before the kill. */
  masterPort: number;
}

async function startChat(cluster: Cluster, characterId: string): Promise<Chat> {
  const socket = await connectGuest(stack.url, newGuestId());
  const events = recordEvents(socket);
  const deltaTimes: number[] = [];
  socket.on('generation:delta', () => deltaTimes.push(Date.now()));
  const sent = await socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: 'Tell me a long story',
  });
  if (!sent.ok) throw new Error(sent.error.code);
  const keys = redisKeys(stack.app.deps.config.REDIS_PREFIX);
  return {
    socket,
    events,
    deltaTimes,
    conversationId: sent.data.conversationId,
    messageId: sent.data.message.id,
    replyId: sent.data.replyId,
    masterPort: await masterPortOf(cluster, keys.inflight(sent.data.conversationId)),
  };
}

/** How a reply ended for its client: completed, failed (with the code), or nothing yet. */
function outcomeOf(chat: Chat, replyId: string): { completed: string } | { failed: string } | null {
  const completed = payloadsOf(chat.events, 'generation:completed').find(
    (c) => c.message.id === replyId,
  );
  if (completed !== undefined) return { completed: completed.message.content };
  const failed = payloadsOf(chat.events, 'generation:failed').find((f) => f.messageId === replyId);
  return failed === undefined ? null : { failed: failed.error.code };
}

async function waitForOutcomes(chats: readonly Chat[], replyIdOf: (chat: Chat) => string) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (chats.every((chat) => outcomeOf(chat, replyIdOf(chat)) !== null)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return chats.map((chat) => outcomeOf(chat, replyIdOf(chat)));
}

/**
 * Prints where each reply its client heard nothing more of stands, then what every node of the cluster
 * says of it: stored by the worker but not delivered (is the server still subscribed to its channel on
 * the shard that owns it?), or never finished (its in-flight hash). Each node is asked on a connection
 * of its own, so that a client of the product that lost its way does not hide the cluster's state.
 */
async function reportLost(lostChats: readonly Chat[]): Promise<void> {
  const keys = redisKeys(stack.app.deps.config.REDIS_PREFIX);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const settled = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? JSON.stringify(r.value) : String(r.reason);
  for (const chat of lostChats) {
    const [stored] = await Promise.allSettled([
      stack.app.deps.db
        .selectFrom('messages')
        .select(['content'])
        .where('id', '=', chat.replyId)
        .executeTakeFirst()
        .then((row) => (row === undefined ? 'no' : `${String(row.content.length)} chars`)),
    ]);
    const last = chat.deltaTimes.at(-1);
    say(
      `lost ${chat.replyId} (on 127.0.0.1:${String(chat.masterPort)} before the kill): ` +
        `${String(chat.deltaTimes.length)} deltas, the last ` +
        `${last === undefined ? 'never' : `${String(Date.now() - last)} ms ago`}; stored: ${settled(stored)}`,
    );
  }
  const cluster = stack.app.deps.redis;
  if ('nodes' in cluster) {
    const pool = cluster.nodes('all').map((n) => `${String(n.options.port)} ${n.status}`);
    say(`the server's command connections: ${pool.join(', ')}`);
  }
  // testkit/redis-cluster.sh runs six nodes on the ports from the first seed's.
  const first = Math.min(...stack.app.deps.config.REDIS_CLUSTER_NODES.map((n) => n.port));
  const ports = Array.from({ length: 6 }, (_, i) => first + i);
  for (const port of ports) {
    const node = new OneRedis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    node.on('error', () => undefined);
    const [nodes] = await Promise.allSettled([node.cluster('NODES')]);
    say(
      `127.0.0.1:${String(port)} CLUSTER NODES: ` +
        (nodes.status === 'fulfilled' ? `\n${String(nodes.value)}` : String(nodes.reason)),
    );
    for (const chat of lostChats) {
      const answers = await Promise.allSettled([
        node.call('PUBSUB', 'SHARDNUMSUB', keys.conversationChannel(chat.conversationId)),
        node.hgetall(keys.inflight(chat.conversationId)),
      ]);
      say(`127.0.0.1:${String(port)} ${chat.replyId}: ${answers.map(settled).join('; ')}`);
    }
    node.disconnect();
  }
}

it('loses no message and strands no client when a master fails over mid-reply', async () => {
  const cluster = stack.app.deps.redis;
  if (!('nodes' in cluster)) throw new Error('integration-cluster runs on a Redis Cluster');
  const keys = redisKeys(stack.app.deps.config.REDIS_PREFIX);
  // The master of the generation queue, which also holds some of the conversations.
  const doomedPort = await masterPortOf(
    cluster,
    `${keys.bull(generationQueue)}:${generationQueue}`,
  );
  const characterId = await createCharacter(stack.app.deps.db);
  const chats: Chat[] = [];
  let onDoomed = 0;
  while (chats.length < 30 && (chats.length < 9 || onDoomed < 3)) {
    const chat = await startChat(cluster, characterId);
    chats.push(chat);
    if (chat.masterPort === doomedPort) onDoomed += 1;
  }
  expect(onDoomed).toBeGreaterThanOrEqual(3);
  // Every reply is streaming.
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (chats.every((c) => payloadsOf(c.events, 'generation:delta').length >= 2)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const doomed = cluster.nodes('master').find((node) => node.options.port === doomedPort);
  if (doomed === undefined) throw new Error(`no connection to 127.0.0.1:${String(doomedPort)}`);
  // What the test is about needs a replica to take over, with every write so far: WAIT answers the
  // replicas that have them (testkit/redis-cluster.sh keeps one online per master).
  expect(await doomed.call('WAIT', 1, 5000)).toBe(1);
  const pid = /process_id:(\d+)/.exec(await doomed.info('server'))?.[1];
  if (pid === undefined) throw new Error(`no process id of 127.0.0.1:${String(doomedPort)}`);
  process.kill(Number(pid), 'SIGKILL');

  const outcomes = await waitForOutcomes(chats, (chat) => chat.replyId);
  const completed = outcomes.filter((o) => o !== null && 'completed' in o);
  const failed = chats.filter((_, i) => {
    const o = outcomes[i];
    return o !== null && o !== undefined && 'failed' in o;
  });
  const lost = outcomes.filter((o) => o === null).length;
  const longestPause = Math.max(
    ...chats.flatMap((c) => c.deltaTimes.slice(1).map((t, i) => t - (c.deltaTimes[i] ?? t))),
  );
  process.stdout.write(
    `failover of 127.0.0.1:${String(doomedPort)} with ${String(chats.length)} replies in flight ` +
      `(${String(onDoomed)} on it): ${String(completed.length)} completed, ` +
      `${String(failed.length)} failed with a retry, ${String(lost)} lost; ` +
      `longest pause between deltas ${String(longestPause)} ms\n`,
  );
  if (lost > 0) await reportLost(chats.filter((_, i) => outcomes[i] === null));
  expect(lost).toBe(0);
  for (const c of completed) expect(c).toEqual({ completed: reply });
  for (const chat of failed) {
    expect(outcomeOf(chat, chat.replyId)).toEqual({ failed: 'generation_failed' });
  }

  // The usual retry of a failed reply completes on the recovered cluster.
  const retries = await Promise.all(
    failed.map(async (chat) => {
      const retry = await chat.socket.emitWithAck('generation:retry', {
        conversationId: chat.conversationId,
      });
      if (!retry.ok) throw new Error(retry.error.code);
      return [chat.conversationId, retry.data.replyId] as const;
    }),
  );
  const retryOf = new Map(retries);
  const retried = await waitForOutcomes(failed, (chat) => retryOf.get(chat.conversationId) ?? '');
  for (const o of retried) expect(o).toEqual({ completed: reply });

  // Each message sent is stored, answered by exactly the one reply its client was told of.
  const rows = await stack.app.deps.db
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'role', 'content'])
    .where(
      'conversation_id',
      'in',
      chats.map((c) => c.conversationId),
    )
    .execute();
  for (const chat of chats) {
    const ofChat = rows.filter((r) => r.conversation_id === chat.conversationId);
    expect(ofChat.filter((r) => r.role === 'user').map((r) => r.id)).toEqual([chat.messageId]);
    const finalReply = retryOf.get(chat.conversationId) ?? chat.replyId;
    expect(
      ofChat.filter((r) => r.role === 'bot' && r.content === reply).map((r) => r.id),
    ).toContain(finalReply);
    chat.socket.close();
  }
}, 150_000);
