/**
 * The job queues as the server and workers open them (docs/style.md, "Jobs"): one function opens every
 * queue, with its key prefix and an error listener; payloads are parsed before they are added, and job
 * options live with each queue's contract in shared/jobs.
 */
import { Queue } from 'bullmq';
import type { z } from 'zod';
import {
  generationJobOptions,
  generationJobs,
  generationQueue,
  type GenerationJobName,
} from '#shared/jobs/generation';
import {
  groupTurnJobId,
  groupTurnJobOptions,
  GroupTurnJobSchema,
  groupTurnsQueue,
  type GroupTurnJob,
} from '#shared/jobs/group-turns';
import {
  billingJobOptions,
  billingQueue,
  EndSubscriptionJobSchema,
  endSubscriptionJobId,
} from '#shared/jobs/billing';
import { maintenanceQueue } from '#shared/jobs/maintenance';
import {
  moderationJobOptions,
  moderationQueue,
  reviewJobId,
  type ReviewCharacterJob,
  ReviewCharacterJobSchema,
} from '#shared/jobs/moderation';
import { waitingRoomQueue } from '#shared/jobs/waiting-room';
import type { Logger } from './log';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

type QueueName =
  | typeof billingQueue
  | typeof generationQueue
  | typeof groupTurnsQueue
  | typeof maintenanceQueue
  | typeof waitingRoomQueue
  | typeof moderationQueue;

/** Opens a queue of ours; its connection errors go to the log. */
export function openQueue(name: QueueName, connection: Redis, prefix: string, log: Logger): Queue {
  const queue = new Queue(name, { connection, prefix: redisKeys(prefix).bull });
  queue.on('error', (err) => {
    log.warn({ err, queue: name }, 'queue error');
  });
  return queue;
}

/** Every queue, opened for looking in (metrics, the admin dashboard), not for producing. */
export function openAllQueues(connection: Redis, prefix: string, log: Logger): Queue[] {
  const names: QueueName[] = [
    billingQueue,
    generationQueue,
    groupTurnsQueue,
    maintenanceQueue,
    waitingRoomQueue,
    moderationQueue,
  ];
  return names.map((name) => openQueue(name, connection, prefix, log));
}

export class GenerationQueue {
  readonly queue: Queue;
  /** The group chats' turns, which end in this queue's replies (shared/jobs/group-turns.ts). */
  readonly turns: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(generationQueue, connection, prefix, log);
    this.turns = openQueue(groupTurnsQueue, connection, prefix, log);
  }

  /** Queues a group chat's turn; a second add of the same turn is a no-op (its id). */
  async enqueueTurn(data: z.input<typeof GroupTurnJobSchema>): Promise<void> {
    const parsed: GroupTurnJob = GroupTurnJobSchema.parse(data);
    await this.turns.add('group-turn', parsed, {
      ...groupTurnJobOptions,
      jobId: groupTurnJobId(parsed),
      priority: parsed.priority,
    });
  }

  async enqueue<N extends GenerationJobName>(
    name: N,
    data: z.input<(typeof generationJobs)[N]>,
    opts: { jobId: string; priority?: number },
  ): Promise<void> {
    const parsed = generationJobs[name].parse(data);
    await this.queue.add(name, parsed, { ...generationJobOptions, ...opts });
  }

  /** Removes a job no worker holds yet; one already taken is left to its worker. */
  async remove(jobId: string): Promise<void> {
    await this.queue.remove(jobId).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.turns.close()]);
  }
}

/** The `moderation` queue as the server fills it: one review per save sent to review. */
export class ModerationQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(moderationQueue, connection, prefix, log);
  }

  async enqueueReview(data: ReviewCharacterJob): Promise<void> {
    const parsed = ReviewCharacterJobSchema.parse(data);
    await this.queue.add('review-character', parsed, {
      ...moderationJobOptions,
      jobId: reviewJobId(parsed),
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The `billing` queue as server and workers fill it: the end of a cancelled subscription, on time. */
export class BillingQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(billingQueue, connection, prefix, log);
  }

  /** Ends the subscription at `at` (its recur_at); a second add for the same time is a no-op. */
  async scheduleEnd(subscriptionId: string, at: Date): Promise<void> {
    const job = EndSubscriptionJobSchema.parse({ subscriptionId, at: at.getTime() });
    await this.queue.add('end-subscription', job, {
      ...billingJobOptions,
      jobId: endSubscriptionJobId(job),
      delay: Math.max(0, at.getTime() - Date.now()),
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
