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
import type { Redis } from './redis';

export class GenerationQueue {
  readonly queue: Queue;

  constructor(connection: Redis, prefix: string) {
    this.queue = new Queue(generationQueue, { connection, prefix: `${prefix}bull` });
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
