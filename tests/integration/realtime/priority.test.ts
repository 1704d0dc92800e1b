/**
 * Tier priority in the real queue: a premium reply enqueued after a guest's is taken first, and a
 * guest's reply that has waited long is raised by ageing so it is not starved.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generationQueue, replyJobId, tierPriority } from '#shared/jobs/generation';
import { GenerationQueue } from '#server/lib/queues';
import { createLogger } from '#server/lib/log';
import { createRedis, type Redis } from '#server/lib/redis';
import { ageReplies } from '#workers/maintenance/age-replies.processor';
import { testRedis, testConfig } from '../../support/config';
import { redisKeys } from '#server/lib/redis-keys';

let connection: Redis;
let producer: GenerationQueue;
let queue: Queue;

beforeAll(() => {
  const { REDIS_PREFIX: prefix } = testConfig();
  connection = createRedis(testRedis(), 'bullmq');
  producer = new GenerationQueue(connection, prefix, createLogger('silent', 'test'));
  queue = new Queue(generationQueue, {
    connection,
    prefix: redisKeys(prefix).bull(generationQueue),
  });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await producer.close();
  await connection.quit();
});

async function enqueue(priority: number, waitedMs: number): Promise<string> {
  const replyId = randomUUID();
  await producer.enqueue(
    'reply',
    {
      conversationId: randomUUID(),
      characterId: randomUUID(),
      userId: randomUUID(),
      userMessageId: randomUUID(),
      replyId,
      enqueuedAt: Date.now() - waitedMs,
      priority,
    },
    { jobId: replyJobId(replyId), priority },
  );
  return replyJobId(replyId);
}

it('takes premium first, then raises long-waiting guests by ageing', async () => {
  const oldGuest = await enqueue(tierPriority.guest, 35_000);
  const newGuest = await enqueue(tierPriority.guest, 0);
  const free = await enqueue(tierPriority.free, 0);
  const premium = await enqueue(tierPriority.premium, 0);

  const ordered = async () => (await queue.getJobs(['prioritized'], 0, -1, true)).map((j) => j.id);
  expect(await ordered()).toEqual([premium, free, oldGuest, newGuest]);

  // 35 s at 10 s a step: the old guest's reply moves up three steps, ahead of the free one.
  expect(await ageReplies({ generation: queue, ageingSeconds: 10 })).toBe(1);
  expect((await queue.getJob(oldGuest))?.priority).toBe(tierPriority.guest - 3);
  expect(await ordered()).toEqual([premium, oldGuest, free, newGuest]);
});
