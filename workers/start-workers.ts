/**
 * Starts the processors of every queue in this process and closes them on shutdown; any number of
 * worker processes may run this, on any number of hosts (docs/architecture.md, "Processes").
 */
import { Queue, type Worker } from 'bullmq';
import { generationJobs, generationQueue } from '#shared/jobs/generation';
import { maintenanceJobs, maintenanceQueue } from '#shared/jobs/maintenance';
import type { Config } from '#server/config';
import { createDb } from '#server/db/database';
import type { Logger } from '#server/lib/log';
import { createRedis } from '#server/lib/redis';
import { processReply } from './generation/reply.processor';
import { defineProcessor } from './lib/define-processor';
import { StopRegistry } from './lib/stop-registry';
import { purgeGuests } from './maintenance/purge-guests.processor';
import { createProvider } from './providers/create-provider';

export interface RunningWorkers {
  close: () => Promise<void>;
}

const purgeEveryMs = 60 * 60 * 1000;

export async function startWorkers(config: Config, log: Logger): Promise<RunningWorkers> {
  const provider = await createProvider(config, log);
  const db = createDb(config.DATABASE_URL, config.WORKER_CONCURRENCY + 2);
  const redis = createRedis(config.REDIS_URL, 'command');
  const subscriber = createRedis(config.REDIS_URL, 'subscriber');
  const bullConnection = createRedis(config.REDIS_URL, 'bullmq');
  for (const c of [redis, subscriber, bullConnection]) {
    c.on('error', (err: Error) => log.warn({ err }, 'redis error'));
  }
  const prefix = config.REDIS_PREFIX;
  const stops = await StopRegistry.listen(subscriber, redis, prefix);

  const workers: Worker[] = [
    defineProcessor({
      queue: generationQueue,
      jobs: generationJobs,
      connection: bullConnection,
      prefix,
      concurrency: config.WORKER_CONCURRENCY,
      log,
      handlers: {
        reply: (data) =>
          processReply(
            {
              db,
              redis,
              prefix,
              provider,
              stops,
              log,
              maxTokens: config.LLM_MAX_TOKENS,
              temperature: config.LLM_TEMPERATURE,
              timeoutMs: config.LLM_TIMEOUT_MS,
            },
            data,
          ),
      },
    }),
    defineProcessor({
      queue: maintenanceQueue,
      jobs: maintenanceJobs,
      connection: bullConnection,
      prefix,
      concurrency: 1,
      log,
      handlers: { 'purge-guests': () => purgeGuests({ db, log, ttlDays: config.GUEST_TTL_DAYS }) },
    }),
  ];

  const maintenance = new Queue(maintenanceQueue, {
    connection: bullConnection,
    prefix: `${prefix}bull`,
  });
  await maintenance.upsertJobScheduler(
    'purge-guests',
    { every: purgeEveryMs },
    { name: 'purge-guests', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
  );

  log.info({ provider: provider.name, concurrency: config.WORKER_CONCURRENCY }, 'workers started');
  return {
    close: async () => {
      // Finish the jobs in hand, then let go of everything.
      await Promise.all(workers.map((w) => w.close()));
      await maintenance.close();
      await provider.close();
      await Promise.all([redis.quit(), subscriber.quit(), bullConnection.quit()]).catch(
        () => undefined,
      );
      await db.destroy();
    },
  };
}
