/**
 * Starts the processors of the queues this process serves (WORKER_QUEUES) and closes them on shutdown;
 * any number of worker processes may run this, on any number of hosts (docs/architecture.md,
 * "Processes"). A stopping worker finishes its replies within WORKER_SHUTDOWN_GRACE_MS, then hands the
 * rest back: their locks lapse and another worker takes them (as for a crashed worker).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Worker } from 'bullmq';
import { GenerationJobRefSchema, generationJobs, generationQueue } from '#shared/jobs/generation';
import {
  ageRepliesEveryMs,
  maintenanceJobOptions,
  maintenanceJobs,
  maintenanceQueue,
  purgeGuestsEveryMs,
  recountTrendingEveryMs,
  refreshSearchStatsEveryMs,
  requeueReviewsEveryMs,
  sweepSpeechClipsEveryMs,
  sweepUploadsEveryMs,
} from '#shared/jobs/maintenance';
import { GroupTurnJobSchema, groupTurnJobs, groupTurnsQueue } from '#shared/jobs/group-turns';
import { billingJobs, billingQueue, billingSweepOptions } from '#shared/jobs/billing';
import { GroupRounds } from '#server/lib/group-rounds';
import { processGroupTurn } from './group-turns/group-turn.processor';
import { moderationJobs, moderationQueue, ReviewCharacterJobSchema } from '#shared/jobs/moderation';
import {
  waitingRoomJobOptions,
  waitingRoomJobs,
  waitingRoomQueue,
} from '#shared/jobs/waiting-room';
import { authSecret, generationConcurrency, publicUrl, type Config } from '#server/config';
import { loadCatalog } from '#server/lib/billing/catalog';
import { createGateway } from '#server/lib/billing/create-gateway';
import { CharacterCache } from '#server/db/character-cache';
import { listenForCharacterChanges } from '#server/db/character-changes';
import { createDb } from '#server/db/database';
import { createStorage } from '#server/lib/create-storage';
import {
  recountRecentMessages,
  refreshSearchStats,
} from '#server/db/repositories/library-stats.repo';
import type { Logger } from '#server/lib/log';
import { AppError } from '#server/lib/errors';
import { BillingQueue, ModerationQueue, openQueue } from '#server/lib/queues';
import { createRedis } from '#server/lib/redis';
import { modelRegistryOf } from '#server/lib/model-registry';
import { ReplyState } from '#server/lib/reply-state';
import { WaitingRoomStore } from '#server/lib/waiting-room';
import { announceWorker, heartbeatTtlMs, retireWorker } from '#server/lib/worker-pool';
import { processContinue } from './generation/continue.processor';
import { processAutopilot } from './generation/autopilot.processor';
import { publicError } from './generation/model-run';
import { processReply } from './generation/reply.processor';
import { processMemory } from './memory/summarise.processor';
import { defineProcessor } from './lib/define-processor';
import { StopRegistry } from './lib/stop-registry';
import { ageReplies } from './maintenance/age-replies.processor';
import { purgeGuests } from './maintenance/purge-guests.processor';
import { requeueReviews } from './maintenance/requeue-reviews.processor';
import { sweepSpeechClips } from './maintenance/sweep-speech-clips.processor';
import { sweepUploads } from './maintenance/sweep-uploads.processor';
import { reviewCharacter, reviewGaveUp } from './moderation/review.processor';
import { createProvider } from './providers/create-provider';
import { OpenAiProvider } from './providers/openai';
import { admitWaiters } from './waiting-room/admit.processor';
import { endAtRecur, sweepBilling } from './billing/sweep.processor';
import {
  leaderboardJobOptions,
  leaderboardJobs,
  leaderboardQueue,
  leaderboardSchedule,
} from '#shared/jobs/leaderboard';
import { computeLeaderboard, grantLeaderboardPrizes } from './leaderboard/leaderboard.processor';
import { notificationJobs, notificationsQueue } from '#shared/jobs/notifications';
import { loadApplications } from '#server/lib/applications';
import { createMailer } from '#server/lib/mailer';
import { processMissedReply } from './notifications/missed-reply.processor';
import { speechJobs, speechQueue } from '#shared/jobs/speech';
import { SpeechClips } from '#server/lib/speech-clips';
import { createSpeechProvider } from './speech/create-speech-provider';
import { speak } from './speech/speak.processor';
import { imageJobs, imagesQueue } from '#shared/jobs/images';
import { createImageProvider } from './images/create-image-provider';
import { generateImage } from './images/generate-image.processor';
import { TranslateJobSchema, translationJobs, translationQueue } from '#shared/jobs/translation';
import { translate, translateGaveUp } from './translation/translate.processor';

export interface RunningWorkers {
  /** This process's id in the worker pool. */
  id: string;
  close: () => Promise<void>;
}

const maxDbPool = 10;

export async function startWorkers(config: Config, log: Logger): Promise<RunningWorkers> {
  const id = `${hostname()}-${String(process.pid)}-${randomUUID().slice(0, 8)}`;
  const serves = new Set(config.WORKER_QUEUES);
  const prefix = config.REDIS_PREFIX;
  // A reply holds a connection only for a few short queries: a small pool serves many replies, and a
  // pool per reply would exhaust PostgreSQL's connections with a few busy workers.
  const concurrency = generationConcurrency(config);
  const db = createDb(config.DATABASE_URL, Math.min(concurrency + 2, maxDbPool));
  // Every reply's frames go out on it: one write carries those of all replies in an event-loop turn.
  const redis = createRedis(config, 'pipelined');
  const subscriber = createRedis(config, 'subscriber');
  const bullConnection = createRedis(config, 'bullmq');
  for (const c of [redis, subscriber, bullConnection]) {
    c.on('error', (err: Error) => log.warn({ err }, 'redis error'));
  }
  const generation = openQueue(generationQueue, bullConnection, prefix, log);
  const maintenance = openQueue(maintenanceQueue, bullConnection, prefix, log);
  const waitingRoom = openQueue(waitingRoomQueue, bullConnection, prefix, log);
  // Replies nobody watched queue their mail here (server/lib/missed-replies.ts).
  const notifications = openQueue(notificationsQueue, bullConnection, prefix, log);
  // The maintenance sweep re-adds reviews whose enqueue failed.
  const moderation = new ModerationQueue(bullConnection, prefix, log);
  // The maintenance sweeps delete uploads nothing refers to and speech clips nobody plays.
  const storage = createStorage(config);
  const replies = new ReplyState(redis, prefix);
  // Replies read their chatbots from a cache that the database tells of changes.
  const characters = new CharacterCache(db);
  const characterChanges = serves.has('generation')
    ? listenForCharacterChanges(config.DATABASE_URL, characters, log)
    : null;
  const common = {
    connection: bullConnection,
    redis,
    prefix,
    log,
    lockDurationMs: config.WORKER_LOCK_MS,
  };

  const workers: Worker[] = [];
  // One model for replies, reviews and translations: a second local model would double the memory.
  const provider =
    serves.has('generation') || serves.has('moderation') || serves.has('translation')
      ? await createProvider(config, log)
      : null;
  let heartbeat: NodeJS.Timeout | undefined;
  const stops =
    provider && serves.has('generation') ? await StopRegistry.listen(subscriber, prefix) : null;
  const ownKeyProvider = new OpenAiProvider({
    baseUrl: config.OWN_KEY_BASE_URL,
    apiKey: undefined,
    model: config.OWN_KEY_MODEL,
    contextSize: config.LLM_CONTEXT_SIZE,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
  if (provider && stops && serves.has('generation')) {
    const replyDeps = {
      db,
      redis,
      prefix,
      replies,
      characters,
      provider,
      stops,
      log,
      models: modelRegistryOf(config),
      maxTokens: config.LLM_MAX_TOKENS,
      temperature: config.LLM_TEMPERATURE,
      timeoutMs: config.LLM_TIMEOUT_MS,
      // Members' own OpenAI keys go to the operator's OpenAI-compatible endpoint (own-key.ts).
      ownKeys: {
        provider: ownKeyProvider,
        model: config.OWN_KEY_MODEL,
        secret: authSecret(config),
      },
      generation,
      rounds: new GroupRounds(redis, prefix),
      notifications,
      notifyDelaySeconds: config.NOTIFY_EMAIL_DELAY_SECONDS,
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: generationQueue,
        jobs: generationJobs,
        concurrency,
        handlers: {
          reply: (data) => processReply(replyDeps, data),
          regenerate: (data) => processReply(replyDeps, data),
          autopilot: (data) => processAutopilot(replyDeps, data),
          continue: (data) => processContinue(replyDeps, data),
          memory: async (data) => {
            await processMemory(replyDeps, data);
          },
        },
        // A reply whose job the queue gave up on (a worker killed twice while writing it) frees its
        // conversation and is reported failed, so the user can retry at once.
        onFinalFailure: async (job) => {
          const reply = GenerationJobRefSchema.safeParse(job.data);
          if (!reply.success) return;
          const { conversationId, replyId } = reply.data;
          const error = publicError(new AppError('generation_failed'));
          if (await replies.abandon(conversationId, replyId, error)) {
            log.warn({ conversationId, replyId }, 'reply abandoned after its job failed');
          }
        },
      }),
    );
    // Group chats' turns run beside the replies they end in: a turn is a few short reads and an add.
    const turnDeps = {
      db,
      replies,
      rounds: replyDeps.rounds,
      characters: replyDeps.characters,
      generation,
      log,
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: groupTurnsQueue,
        jobs: groupTurnJobs,
        concurrency,
        handlers: { 'group-turn': (data) => processGroupTurn(turnDeps, data) },
        // A turn that failed for good frees the conversation it was handed (the first after a send).
        onFinalFailure: async (job) => {
          const turn = GroupTurnJobSchema.safeParse(job.data);
          const replyId = turn.success ? turn.data.claimedReplyId : undefined;
          if (!turn.success || replyId === undefined) return;
          const error = publicError(new AppError('generation_failed'));
          await replies.abandon(turn.data.conversationId, replyId, error);
        },
      }),
    );
    // The waiting room sizes its capacity from the pool's announced slots.
    const announce = () => {
      announceWorker(redis, prefix, id, concurrency).catch((err: unknown) => {
        log.warn({ err }, 'could not announce this worker to the pool');
      });
    };
    announce();
    heartbeat = setInterval(announce, heartbeatTtlMs / 3);
  }

  if (provider && serves.has('moderation')) {
    const reviewDeps = { db, provider, log, timeoutMs: config.LLM_TIMEOUT_MS };
    workers.push(
      defineProcessor({
        ...common,
        queue: moderationQueue,
        jobs: moderationJobs,
        // Reviews are background work: one at a time leaves the model to the replies people wait for.
        concurrency: 1,
        handlers: { 'review-character': (data) => reviewCharacter(reviewDeps, data) },
        onFinalFailure: async (job) => {
          const review = ReviewCharacterJobSchema.safeParse(job.data);
          if (review.success) await reviewGaveUp(reviewDeps, review.data);
        },
      }),
    );
  }

  if (provider && serves.has('translation')) {
    const translateDeps = { db, provider, log, timeoutMs: config.TRANSLATION_TIMEOUT_MS };
    workers.push(
      defineProcessor({
        ...common,
        queue: translationQueue,
        jobs: translationJobs,
        // Background work beside the replies people wait for; a hanging model holds these slots only.
        concurrency: config.TRANSLATION_CONCURRENCY,
        handlers: { translate: (data) => translate(translateDeps, data) },
        onFinalFailure: async (job) => {
          const run = TranslateJobSchema.safeParse(job.data);
          if (run.success) await translateGaveUp(translateDeps, run.data);
        },
      }),
    );
  }

  if (serves.has('maintenance')) {
    workers.push(
      defineProcessor({
        ...common,
        queue: maintenanceQueue,
        jobs: maintenanceJobs,
        concurrency: 1,
        handlers: {
          'purge-guests': () => purgeGuests({ db, log, ttlDays: config.GUEST_TTL_DAYS }),
          'age-replies': async () => {
            await ageReplies({ generation, ageingSeconds: config.PRIORITY_AGEING_SECONDS });
          },
          'refresh-search-stats': () => refreshSearchStats(db),
          'recount-trending': () => recountRecentMessages(db),
          'requeue-reviews': async () => {
            await requeueReviews({ db, moderation, log });
          },
          'sweep-uploads': async () => {
            await sweepUploads({ db, storage, log });
          },
          'sweep-speech-clips': async () => {
            await sweepSpeechClips({ db, storage, log, ttlDays: config.SPEECH_CLIP_TTL_DAYS });
          },
        },
      }),
    );
    await maintenance.upsertJobScheduler(
      'purge-guests',
      { every: purgeGuestsEveryMs },
      { name: 'purge-guests', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'refresh-search-stats',
      { every: refreshSearchStatsEveryMs },
      { name: 'refresh-search-stats', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'recount-trending',
      { every: recountTrendingEveryMs },
      { name: 'recount-trending', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'requeue-reviews',
      { every: requeueReviewsEveryMs },
      { name: 'requeue-reviews', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'sweep-uploads',
      { every: sweepUploadsEveryMs },
      { name: 'sweep-uploads', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'sweep-speech-clips',
      { every: sweepSpeechClipsEveryMs },
      { name: 'sweep-speech-clips', data: {}, opts: maintenanceJobOptions },
    );
    await maintenance.upsertJobScheduler(
      'age-replies',
      { every: ageRepliesEveryMs(config.PRIORITY_AGEING_SECONDS) },
      { name: 'age-replies', data: {}, opts: maintenanceJobOptions },
    );
  }

  const billingQueueHandle = serves.has('billing')
    ? new BillingQueue(bullConnection, prefix, log)
    : null;
  if (billingQueueHandle) {
    const billingDeps = {
      db,
      redis,
      prefix,
      log,
      catalog: loadCatalog(config.COMMERCE_FILE),
      gateway: createGateway(config, redis, log),
      publicUrl: publicUrl(config),
      scheduleEnd: (subscriptionId: string, at: Date) =>
        billingQueueHandle.scheduleEnd(subscriptionId, at),
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: billingQueue,
        jobs: billingJobs,
        // One sweep at a time: each renews or ends a subscription once, in order.
        concurrency: 1,
        handlers: {
          sweep: () => sweepBilling(billingDeps),
          'end-subscription': (data) => endAtRecur(billingDeps, data),
        },
      }),
    );
    await billingQueueHandle.queue.upsertJobScheduler(
      'sweep',
      { every: config.BILLING_SWEEP_MS },
      { name: 'sweep', data: {}, opts: billingSweepOptions },
    );
  }

  const leaderboardQueueHandle = serves.has('leaderboard')
    ? openQueue(leaderboardQueue, bullConnection, prefix, log)
    : null;
  if (leaderboardQueueHandle) {
    const leaderboardDeps = {
      db,
      redis,
      prefix,
      log,
      catalog: loadCatalog(config.COMMERCE_FILE),
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: leaderboardQueue,
        jobs: leaderboardJobs,
        // One month at a time: a computation reads the whole library once.
        concurrency: 1,
        handlers: {
          'compute-leaderboard': async (data) => {
            await computeLeaderboard(leaderboardDeps, data);
          },
          'grant-leaderboard-prizes': async (data) => {
            await grantLeaderboardPrizes(leaderboardDeps, data);
          },
        },
      }),
    );
    // Monthly, for the month that just ended (no month in the payload: the job works it out).
    await leaderboardQueueHandle.upsertJobScheduler(
      'compute-leaderboard',
      { pattern: leaderboardSchedule, tz: 'UTC' },
      { name: 'compute-leaderboard', data: {}, opts: leaderboardJobOptions },
    );
  }

  const mailer = serves.has('notifications')
    ? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log })
    : null;
  if (mailer) {
    const noticeDeps = {
      db,
      redis,
      prefix,
      mailer,
      applications: loadApplications(config),
      log,
      secret: authSecret(config),
      cooldownMs: config.NOTIFY_EMAIL_COOLDOWN_SECONDS * 1000,
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: notificationsQueue,
        jobs: notificationJobs,
        concurrency: 4,
        handlers: {
          'missed-reply': async (data) => {
            await processMissedReply(noticeDeps, data);
          },
        },
      }),
    );
  }

  // Speech is its own pool: a slow or hanging engine holds a speech slot, never a reply's.
  const speechProvider = serves.has('speech') ? createSpeechProvider(config) : null;
  if (speechProvider) {
    const speakDeps = {
      db,
      storage,
      clips: new SpeechClips(redis, prefix),
      provider: speechProvider,
      log,
      timeoutMs: config.SPEECH_TIMEOUT_MS,
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: speechQueue,
        jobs: speechJobs,
        concurrency: config.SPEECH_CONCURRENCY,
        handlers: { speak: (data) => speak(speakDeps, data) },
      }),
    );
  }

  // Images are their own pool too: a slow or hanging provider holds an image slot, nothing else.
  const imageProvider = serves.has('images') ? createImageProvider(config) : null;
  if (imageProvider) {
    const imageDeps = {
      db,
      storage,
      replies,
      provider: imageProvider,
      log,
      timeoutMs: config.IMAGE_TIMEOUT_MS,
    };
    workers.push(
      defineProcessor({
        ...common,
        queue: imagesQueue,
        jobs: imageJobs,
        concurrency: config.IMAGE_CONCURRENCY,
        handlers: { 'generate-image': (data) => generateImage(imageDeps, data) },
      }),
    );
  }

  if (serves.has('waiting-room') && config.WAITING_ROOM_MAX > 0) {
    const store = new WaitingRoomStore(redis, prefix, {
      idleMs: config.WAITING_ROOM_IDLE_SECONDS * 1000,
      turnMs: config.WAITING_ROOM_ACCESS_SECONDS * 1000,
    });
    workers.push(
      defineProcessor({
        ...common,
        queue: waitingRoomQueue,
        jobs: waitingRoomJobs,
        concurrency: 1,
        handlers: {
          admit: () =>
            admitWaiters({
              redis,
              prefix,
              store,
              generation,
              log,
              min: config.WAITING_ROOM_MIN,
              max: config.WAITING_ROOM_MAX,
              usersPerSlot: config.WAITING_ROOM_USERS_PER_SLOT,
              tickMs: config.WAITING_ROOM_TICK_MS,
            }),
        },
      }),
    );
    await waitingRoom.upsertJobScheduler(
      'admit',
      { every: config.WAITING_ROOM_TICK_MS },
      { name: 'admit', data: {}, opts: waitingRoomJobOptions },
    );
  }

  log.info({ id, queues: [...serves], provider: provider?.name, concurrency }, 'workers started');
  return {
    id,
    close: async () => {
      clearInterval(heartbeat);
      await retireWorker(redis, prefix, id).catch(() => undefined);
      // Finish the jobs in hand; past the grace period, hand them back to the pool.
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'over'>((resolve) => {
        timer = setTimeout(() => {
          resolve('over');
        }, config.WORKER_SHUTDOWN_GRACE_MS);
      });
      // Take no new jobs and finish the ones in hand (BullMQ's close(true) after a plain close()
      // would only wait for the plain one, so the choice is made before closing).
      const drained = Promise.all(workers.map((w) => w.pause())).then(() => 'drained' as const);
      if ((await Promise.race([drained, graceOver])) === 'over') {
        log.warn('shutdown grace period over: handing the remaining jobs back to the pool');
        stops?.handBackAll();
        await Promise.all(workers.map((w) => w.close(true)));
      } else {
        await Promise.all(workers.map((w) => w.close()));
      }
      clearTimeout(timer);
      await Promise.all([
        generation.close(),
        maintenance.close(),
        waitingRoom.close(),
        moderation.close(),
        billingQueueHandle?.close(),
        leaderboardQueueHandle?.close(),
        notifications.close(),
      ]);
      mailer?.close();
      await provider?.close();
      await speechProvider?.close();
      await imageProvider?.close();
      await ownKeyProvider.close();
      await Promise.all([redis.quit(), subscriber.quit(), bullConnection.quit()]).catch(
        () => undefined,
      );
      await characterChanges?.close();
      await db.destroy();
    },
  };
}
