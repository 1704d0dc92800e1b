/**
 * The job queues as the server and workers open them (docs/style.md, "Jobs"): one function opens every
 * queue, with its key prefix and an error listener; payloads are parsed before they are added, and job
 * options live with each queue's contract in shared/jobs.
 */
import { Queue, type JobsOptions } from 'bullmq';
import type { z } from 'zod';
import {
  generationJobOptions,
  generationJobs,
  generationQueue,
  memoryJobOptions,
  type GenerationJobName,
} from '#shared/jobs/generation';
import {
  groupTurnJobId,
  groupTurnJobOptions,
  groupTurnJobs,
  GroupTurnJobSchema,
  groupTurnsQueue,
  type GroupTurnJob,
} from '#shared/jobs/group-turns';
import {
  billingJobOptions,
  billingJobs,
  billingQueue,
  billingSweepOptions,
  EndSubscriptionJobSchema,
  endSubscriptionJobId,
} from '#shared/jobs/billing';
import { maintenanceJobOptions, maintenanceJobs, maintenanceQueue } from '#shared/jobs/maintenance';
import {
  moderationJobOptions,
  moderationJobs,
  moderationQueue,
  reviewJobId,
  type ReviewCharacterJob,
  ReviewCharacterJobSchema,
} from '#shared/jobs/moderation';
import {
  waitingRoomJobOptions,
  waitingRoomJobs,
  waitingRoomQueue,
} from '#shared/jobs/waiting-room';
import {
  computeLeaderboardJobId,
  grantPrizesJobId,
  leaderboardJobOptions,
  leaderboardJobs,
  leaderboardQueue,
} from '#shared/jobs/leaderboard';
import {
  notificationJobOptions,
  notificationJobs,
  notificationsQueue,
} from '#shared/jobs/notifications';
import {
  speakJobId,
  speechJobOptions,
  speechJobs,
  speechQueue,
  type SpeakJob,
} from '#shared/jobs/speech';
import {
  generateImageJobId,
  imageJobOptions,
  imageJobs,
  imagesQueue,
  type GenerateImageJob,
} from '#shared/jobs/images';
import {
  translateJobId,
  translationJobOptions,
  translationJobs,
  translationQueue,
  type TranslateJob,
} from '#shared/jobs/translation';
import type { Logger } from './log';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

type QueueName =
  | typeof billingQueue
  | typeof generationQueue
  | typeof groupTurnsQueue
  | typeof maintenanceQueue
  | typeof waitingRoomQueue
  | typeof moderationQueue
  | typeof leaderboardQueue
  | typeof notificationsQueue
  | typeof speechQueue
  | typeof imagesQueue
  | typeof translationQueue;

/**
 * Every job kind by its name (unique across queues): its queue, payload schema and default options.
 * enqueue() is the one place a job is added (lint refuses `Queue` from bullmq elsewhere).
 */
const jobKinds = {
  reply: { queue: generationQueue, schema: generationJobs.reply, options: generationJobOptions },
  regenerate: {
    queue: generationQueue,
    schema: generationJobs.regenerate,
    options: generationJobOptions,
  },
  autopilot: {
    queue: generationQueue,
    schema: generationJobs.autopilot,
    options: generationJobOptions,
  },
  continue: {
    queue: generationQueue,
    schema: generationJobs.continue,
    options: generationJobOptions,
  },
  memory: { queue: generationQueue, schema: generationJobs.memory, options: memoryJobOptions },
  'group-turn': {
    queue: groupTurnsQueue,
    schema: groupTurnJobs['group-turn'],
    options: groupTurnJobOptions,
  },
  'review-character': {
    queue: moderationQueue,
    schema: moderationJobs['review-character'],
    options: moderationJobOptions,
  },
  'end-subscription': {
    queue: billingQueue,
    schema: billingJobs['end-subscription'],
    options: billingJobOptions,
  },
  sweep: { queue: billingQueue, schema: billingJobs.sweep, options: billingSweepOptions },
  'purge-guests': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['purge-guests'],
    options: maintenanceJobOptions,
  },
  'age-replies': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['age-replies'],
    options: maintenanceJobOptions,
  },
  'refresh-search-stats': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['refresh-search-stats'],
    options: maintenanceJobOptions,
  },
  'recount-trending': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['recount-trending'],
    options: maintenanceJobOptions,
  },
  'requeue-reviews': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['requeue-reviews'],
    options: maintenanceJobOptions,
  },
  'sweep-uploads': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['sweep-uploads'],
    options: maintenanceJobOptions,
  },
  'sweep-speech-clips': {
    queue: maintenanceQueue,
    schema: maintenanceJobs['sweep-speech-clips'],
    options: maintenanceJobOptions,
  },
  admit: { queue: waitingRoomQueue, schema: waitingRoomJobs.admit, options: waitingRoomJobOptions },
  'compute-leaderboard': {
    queue: leaderboardQueue,
    schema: leaderboardJobs['compute-leaderboard'],
    options: leaderboardJobOptions,
  },
  'grant-leaderboard-prizes': {
    queue: leaderboardQueue,
    schema: leaderboardJobs['grant-leaderboard-prizes'],
    options: leaderboardJobOptions,
  },
  'missed-reply': {
    queue: notificationsQueue,
    schema: notificationJobs['missed-reply'],
    options: notificationJobOptions,
  },
  speak: { queue: speechQueue, schema: speechJobs.speak, options: speechJobOptions },
  'generate-image': {
    queue: imagesQueue,
    schema: imageJobs['generate-image'],
    options: imageJobOptions,
  },
  translate: {
    queue: translationQueue,
    schema: translationJobs.translate,
    options: translationJobOptions,
  },
} as const;

/** A job's name, unique across our queues. */
export type JobName = keyof typeof jobKinds;
/** The payload a job of that name is added with (parsed by enqueue). */
export type JobInput<N extends JobName> = z.input<(typeof jobKinds)[N]['schema']>;

/** What a caller may set on top of the job kind's defaults: its deterministic id, priority, delay. */
export type EnqueueOptions = Pick<JobsOptions, 'priority' | 'delay'> & { jobId: string };

/**
 * Adds a job: the payload is parsed with its schema from shared/jobs, then added with its kind's
 * default options under the caller's id. A queue that is not the job's own is a programming error.
 */
export async function enqueue<N extends JobName>(
  queue: Queue,
  name: N,
  data: JobInput<N>,
  opts: EnqueueOptions,
): Promise<void> {
  const kind = jobKinds[name];
  if (queue.name !== kind.queue) {
    throw new Error(`job ${name} belongs on queue ${kind.queue}, not ${queue.name}`);
  }
  const parsed: unknown = kind.schema.parse(data);
  await queue.add(name, parsed, { ...kind.options, ...opts });
}

/** Opens a queue of ours; its connection errors go to the log. */
export function openQueue(name: QueueName, connection: Redis, prefix: string, log: Logger): Queue {
  const queue = new Queue(name, { connection, prefix: redisKeys(prefix).bull(name) });
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
    leaderboardQueue,
    notificationsQueue,
    speechQueue,
    imagesQueue,
    translationQueue,
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
    await enqueue(this.turns, 'group-turn', parsed, {
      jobId: groupTurnJobId(parsed),
      priority: parsed.priority,
    });
  }

  async enqueue<N extends GenerationJobName>(
    name: N,
    data: z.input<(typeof generationJobs)[N]>,
    opts: { jobId: string; priority?: number },
  ): Promise<void> {
    await enqueue(this.queue, name, data, opts);
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
    await enqueue(this.queue, 'review-character', parsed, { jobId: reviewJobId(parsed) });
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
    await enqueue(this.queue, 'end-subscription', job, {
      jobId: endSubscriptionJobId(job),
      delay: Math.max(0, at.getTime() - Date.now()),
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The `leaderboard` queue as server and workers fill it: a month's computation and its prizes. */
export class LeaderboardQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(leaderboardQueue, connection, prefix, log);
  }

  /** Computes a month; a second add while the first waits or runs is a no-op (its id). */
  async enqueueCompute(month: string): Promise<void> {
    await enqueue(
      this.queue,
      'compute-leaderboard',
      { month },
      {
        jobId: computeLeaderboardJobId(month),
      },
    );
  }

  /** Grants an approved month's prizes; each is granted once however often this runs. */
  async enqueueGrant(month: string): Promise<void> {
    await enqueue(
      this.queue,
      'grant-leaderboard-prizes',
      { month },
      {
        jobId: grantPrizesJobId(month),
      },
    );
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The `speech` queue as the server fills it: one job per clip, joined by every listener. */
export class SpeechQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(speechQueue, connection, prefix, log);
  }

  /** Speaks a clip; a second add while the first waits or runs is a no-op (its id). */
  async enqueueSpeak(job: SpeakJob): Promise<void> {
    await enqueue(this.queue, 'speak', job, { jobId: speakJobId(job.clipId) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The `images` queue as the server fills it: one job per generation of a message's image. */
export class ImagesQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(imagesQueue, connection, prefix, log);
  }

  /** Generates an image; a second add of the same generation is a no-op (its id). */
  async enqueueGenerate(job: GenerateImageJob): Promise<void> {
    await enqueue(this.queue, 'generate-image', job, {
      jobId: generateImageJobId(job.generationId),
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The `translation` queue as the server fills it: one job per claimed run. */
export class TranslationQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string, log: Logger) {
    this.queue = openQueue(translationQueue, connection, prefix, log);
  }

  /** Translates a claimed run; a second add of the same run is a no-op (its id). */
  async enqueueTranslate(job: TranslateJob): Promise<void> {
    await enqueue(this.queue, 'translate', job, { jobId: translateJobId(job.runId) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
