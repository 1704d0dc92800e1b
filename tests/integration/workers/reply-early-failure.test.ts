/**
 * The reply job calls the model while its run's start is still on its way to Redis
 * (workers/generation/reply.processor.ts). A model that refuses before the start is answered must fail
 * the reply as any failure does, and never leave its rejection unhandled: under Node's default that
 * ends the worker process.
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CharacterCache } from '#server/db/character-cache';
import { createDb, type Db } from '#server/db/database';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { GroupRounds } from '#server/lib/group-rounds';
import { openQueue } from '#server/lib/queues';
import { generationQueue } from '#shared/jobs/generation';
import { notificationsQueue } from '#shared/jobs/notifications';
import { createLogger } from '#server/lib/log';
import { modelRegistryOf } from '#server/lib/model-registry';
import { createRedis, type Redis } from '#server/lib/redis';
import { ReplyState } from '#server/lib/reply-state';
import { processReply, type ReplyDeps } from '#workers/generation/reply.processor';
import { StopRegistry } from '#workers/lib/stop-registry';
import { OpenAiProvider } from '#workers/providers/openai';
import { testConfig } from '../../support/config';
import { createCharacter } from '../../support/factories';
import { startWireServer, type WireServer } from '../../../testkit/openai-wire-server';

const config = testConfig();
const prefix = `early-${randomUUID().slice(0, 8)}:`;
let db: Db;
let redis: Redis;
let subscriber: Redis;
let bull: Redis;
let generation: Queue;
let notifications: Queue;
let wire: WireServer;

beforeAll(async () => {
  db = createDb(config.DATABASE_URL, 4);
  redis = createRedis(config, 'pipelined');
  subscriber = createRedis(config, 'subscriber');
  bull = createRedis(config, 'bullmq');
  generation = openQueue(generationQueue, bull, prefix, createLogger('silent', 'worker'));
  notifications = openQueue(notificationsQueue, bull, prefix, createLogger('silent', 'worker'));
  wire = await startWireServer({ status: 401, errorMessage: 'refused at once' });
});
afterAll(async () => {
  await wire.close();
  await generation.close();
  await notifications.close();
  await Promise.all([redis.quit(), subscriber.quit(), bull.quit()]);
  await db.destroy();
});

/** The worker's dependencies, with the run's start answered only after `startDelayMs`. */
async function depsWithSlowStart(startDelayMs: number): Promise<ReplyDeps> {
  const replies = new ReplyState(redis, prefix);
  const start = replies.start.bind(replies);
  replies.start = async (...args) => {
    await new Promise((resolve) => setTimeout(resolve, startDelayMs));
    return start(...args);
  };
  return {
    db,
    redis,
    prefix,
    replies,
    characters: new CharacterCache(db),
    provider: new OpenAiProvider({
      baseUrl: wire.baseUrl,
      apiKey: undefined,
      model: 'wire',
      contextSize: 4096,
      timeoutMs: 5_000,
    }),
    stops: await StopRegistry.listen(subscriber, prefix),
    log: createLogger('silent', 'worker'),
    models: modelRegistryOf(config),
    maxTokens: 64,
    temperature: 0.7,
    timeoutMs: 5_000,
    generation,
    rounds: new GroupRounds(redis, prefix),
    notifications,
    notifyDelaySeconds: 0,
  };
}

describe('a model that fails before the run has started', () => {
  it('fails the reply and tells the conversation, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const deps = await depsWithSlowStart(200);
      const guest = await users.upsertGuest(db, randomUUID());
      const characterId = await createCharacter(db);
      const conversationId = randomUUID();
      const userMessageId = randomUUID();
      await messages.startConversation(db, {
        conversationId,
        userId: guest.id,
        characterId,
        userPersonaId: null,
        greeting: null,
        message: { id: userMessageId, content: 'Hello there.' },
      });
      const replyId = randomUUID();
      await deps.replies.claim(conversationId, replyId);
      const job = {
        conversationId,
        characterId,
        userId: guest.id,
        userMessageId,
        replyId,
        enqueuedAt: Date.now(),
        priority: 5,
      };
      await expect(processReply(deps, job)).rejects.toThrow(/generation_failed/);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      // The conversation is free again: the user can retry at once.
      await expect(deps.replies.claim(conversationId, randomUUID())).resolves.toBeUndefined();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
