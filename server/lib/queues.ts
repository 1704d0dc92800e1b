/**
 * Typed producers of the job queues (docs/style.md, "Jobs"): payloads are parsed before they are added,
 * and job options live with each queue's contract in shared/jobs.
 */
import { Queue } from 'bullmq';
import type { z } from 'zod';
import {
  generationJobOptions,
  generationJobs,
  generationQueue,
  type GenerationJobName,
} from '#shared/jobs/generation';
import { maintenanceQueue } from '#shared/jobs/maintenance';
import { waitingRoomQueue } from '#shared/jobs/waiting-room';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

/** Every queue, opened for looking in (metrics, the admin dashboard), not for producing. */
export function openAllQueues(connection: Redis, prefix: string): Queue[] {
  return [generationQueue, maintenanceQueue, waitingRoomQueue].map(
    (name) => new Queue(name, { connection, prefix: redisKeys(prefix).bull }),
  );
}

export class GenerationQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string) {
    this.queue = new Queue(generationQueue, { connection, prefix: redisKeys(prefix).bull });
  }

  async enqueue<N extends GenerationJobName>(
    name: N,
    data: z.input<(typeof generationJobs)[N]>,
    opts: { jobId: string; priority?: number },
  ): Promise<void> {
    const parsed = generationJobs[name].parse(data);
    await this.queue.add(name, parsed, { ...generationJobOptions, ...opts });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
