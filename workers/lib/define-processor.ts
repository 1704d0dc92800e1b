/**
 * defineProcessor(): a BullMQ worker whose handlers are keyed by every job name of the queue's contract,
 * each receiving its parsed payload (docs/style.md, "Jobs").
 */
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { z } from 'zod';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';
import { redisKeys } from '#server/lib/redis-keys';

type Handlers<J extends Record<string, z.ZodType>> = {
  [N in keyof J]: (data: z.output<J[N]>, job: Job) => Promise<void>;
};

/** A runner that parses a job's payload with its schema before handing it to the handler. */
function bind<S extends z.ZodType>(
  name: string,
  schema: S,
  handler: (data: z.output<S>, job: Job) => Promise<void>,
): (job: Job) => Promise<void> {
  return async (job) => {
    const parsed = schema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid ${name} payload`);
    await handler(parsed.data, job);
  };
}

export function defineProcessor<J extends Record<string, z.ZodType>>(opts: {
  queue: string;
  jobs: J;
  handlers: Handlers<J>;
  connection: Redis;
  prefix: string;
  concurrency: number;
  /** How long a job's lock lasts without renewal; a crashed worker's jobs are taken back after it. */
  lockDurationMs: number;
  log: Logger;
  /** A command connection, for counting failures (shown at /metrics). */
  redis: Redis;
  /**
   * Called once a job has failed for good (its processor gave up, it stalled too often, or its last
   * attempt failed), so what it held can be released and the people waiting told.
   */
  onFinalFailure?: (job: { name: string; data: unknown }, err: Error) => Promise<void>;
}): Worker {
  const runners = new Map<string, (job: Job) => Promise<void>>();
  for (const name in opts.jobs) {
    runners.set(name, bind(name, opts.jobs[name], opts.handlers[name]));
  }
  const worker = new Worker(
    opts.queue,
    async (job: Job) => {
      const run = runners.get(job.name);
      if (!run) throw new UnrecoverableError(`unknown job ${job.name} on ${opts.queue}`);
      await run(job);
    },
    {
      connection: opts.connection,
      prefix: redisKeys(opts.prefix).bull(opts.queue),
      concurrency: opts.concurrency,
      lockDuration: opts.lockDurationMs,
      // A crashed worker's job is found within about 1.5 locks: its lock lapses, then the next check.
      stalledInterval: Math.ceil(opts.lockDurationMs / 2),
    },
  );
  worker.on('error', (err) => opts.log.error({ err, queue: opts.queue }, 'worker error'));
  worker.on('failed', (job, err) => {
    opts.log.warn({ queue: opts.queue, job: job?.id, err: err.message }, 'job failed');
    opts.redis.hincrby(redisKeys(opts.prefix).jobFailures, opts.queue, 1).catch(() => undefined);
    const isFinal =
      err instanceof UnrecoverableError || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
    if (job && isFinal && opts.onFinalFailure) {
      opts.onFinalFailure(job, err).catch((hookErr: unknown) => {
        opts.log.error(
          { queue: opts.queue, job: job.id, err: hookErr },
          'final failure not handled',
        );
      });
    }
  });
  return worker;
}
