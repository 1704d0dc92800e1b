/**
 * buildApp(): the whole server as one Fastify instance (docs/style.md, fastify/demo): external plugins,
 * then the error model, then routes, then the client. main.ts listens; tests call it too.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { authSecret, publicUrl, type Config } from './config';
import { CharacterCache } from './db/character-cache';
import { listenForCharacterChanges } from './db/character-changes';
import { createDb } from './db/database';
import { createReadDb } from './db/read-db';
import { registerRouteAuth } from './plugins/auth';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerMultipart } from './plugins/multipart';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { registerSecurityHeaders } from './plugins/security-headers';
import { AppError } from './lib/errors';
import { createMailer } from './lib/mailer';
import { loadCatalog } from './lib/billing/catalog';
import { createGateway, gatewayOrigins } from './lib/billing/create-gateway';
import {
  BillingQueue,
  GenerationQueue,
  ModerationQueue,
  ImagesQueue,
  openAllQueues,
  SpeechQueue,
  TranslationQueue,
} from './lib/queues';
import { SpeechClips } from './lib/speech-clips';
import { speechEngineOf } from './services/speech.service';
import { LeaderboardQueue } from './lib/queues';
import { LeaderboardCache } from './lib/leaderboard-cache';
import { createStorage } from './lib/create-storage';
import { uploadContentType, uploadKey, type FileStorage } from './lib/storage';
import { createRedis } from './lib/redis';
import { ReplyState } from './lib/reply-state';
import { createRealtime, type Realtime } from './realtime/socket-server';
import { registerRoutes } from './routes/index';
import { metricsRoutes } from './routes/metrics.routes';
import { queueBoardRoutes } from './routes/queue-board';
import { loadApplications } from './lib/applications';
import { SandboxAgeVerificationProvider } from './services/age-verification/sandbox.provider';
import { createPledgeService } from './services/billing/pledge/create-pledge-service';
import { WaitingRoom } from './services/waiting-room.service';
import { loadAds } from './services/ads.service';
import type { AppDeps } from './app-deps';

export interface App {
  fastify: FastifyInstance;
  deps: AppDeps;
  realtime: Realtime;
}

export async function buildApp(config: Config): Promise<App> {
  const fastify = Fastify({
    logger: { level: config.LOG_LEVEL, name: 'server' },
    // Only the proxies the operator names may say who the client is (X-Forwarded-For): otherwise a
    // client could pick its own address and with it a fresh per-address limit.
    trustProxy: config.TRUST_PROXY ?? false,
    frameworkErrors,
    clientErrorHandler,
  });
  const redis = createRedis(config, 'command');
  const queueConnection = createRedis(config, 'bullmq');
  for (const c of [redis, queueConnection]) {
    c.on('error', (err: Error) => fastify.log.warn({ err }, 'redis error'));
  }
  const db = createDb(config.DATABASE_URL);
  const reads = createReadDb(db, {
    urls: config.DATABASE_READ_URL,
    maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
    redis,
    prefix: config.REDIS_PREFIX,
    log: fastify.log,
  });
  const queue = new GenerationQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const secret = authSecret(config);
  const applications = loadApplications(config);
  const waitingRoom = new WaitingRoom(redis, config.REDIS_PREFIX, {
    enabled: config.WAITING_ROOM_MAX > 0,
    idleSeconds: config.WAITING_ROOM_IDLE_SECONDS,
    turnSeconds: config.WAITING_ROOM_ACCESS_SECONDS,
    bypassCharacterId: config.WAITING_ROOM_BYPASS_CHARACTER_ID ?? null,
  });
  const replies = new ReplyState(redis, config.REDIS_PREFIX);
  // Sends read their chatbots from a cache that the database tells of changes.
  const characters = new CharacterCache(db);
  const characterChanges = listenForCharacterChanges(config.DATABASE_URL, characters, fastify.log);
  const realtime = createRealtime(fastify.server, {
    config,
    db,
    redis,
    prefix: config.REDIS_PREFIX,
    queue,
    replies,
    characters,
    secret,
    applications,
    log: fastify.log,
    redisTarget: config,
    limits: {
      guestMessagesPerHour: config.GUEST_MESSAGES_PER_HOUR,
      guestMessagesPerIpPerHour: config.GUEST_MESSAGES_PER_IP_PER_HOUR,
      memberMessagesPerMinute: config.MEMBER_MESSAGES_PER_MINUTE,
    },
    waitingRoom,
  });
  const billingQueue = new BillingQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const leaderboardQueue = new LeaderboardQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const speechQueue = new SpeechQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const imagesQueue = new ImagesQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const translationQueue = new TranslationQueue(queueConnection, config.REDIS_PREFIX, fastify.log);
  const storage = createStorage(config);
  const deps: AppDeps = {
    config,
    db,
    reads,
    redis,
    prefix: config.REDIS_PREFIX,
    queue,
    moderation: new ModerationQueue(queueConnection, config.REDIS_PREFIX, fastify.log),
    storage,
    replies,
    secret,
    applications,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: fastify.log }),
    endSessionSockets: realtime.endSession,
    waitingRoom,
    ageVerification:
      config.AGE_VERIFICATION_PROVIDER === 'sandbox'
        ? new SandboxAgeVerificationProvider(redis, config.REDIS_PREFIX, publicUrl(config))
        : null,
    billing: {
      db,
      redis,
      prefix: config.REDIS_PREFIX,
      log: fastify.log,
      catalog: loadCatalog(config.COMMERCE_FILE),
      gateway: createGateway(config, redis, fastify.log),
      pledge: createPledgeService(config, redis, fastify.log),
      publicUrl: publicUrl(config),
      scheduleEnd: (subscriptionId, at) => billingQueue.scheduleEnd(subscriptionId, at),
    },
    leaderboard: {
      db,
      reads,
      cache: new LeaderboardCache(redis, config.REDIS_PREFIX),
      jobs: leaderboardQueue,
    },
    ads: loadAds(config),
    speech: {
      db,
      storage,
      clips: new SpeechClips(redis, config.REDIS_PREFIX),
      queue: speechQueue,
      engine: speechEngineOf(config),
      // A listener waits out a queue of others' clips and the engine's own timeout.
      waitMs: config.SPEECH_TIMEOUT_MS * 2 + 10_000,
    },
    images: {
      db,
      storage,
      queue: imagesQueue,
      replies,
      log: fastify.log,
      isConfigured: config.IMAGE_PROVIDER !== 'none',
      size: config.IMAGE_SIZE,
      // Well past an image's own timeout: only a generation whose job was lost is this quiet.
      staleMs: config.IMAGE_TIMEOUT_MS * 5,
    },
    translation: { db, queue: translationQueue },
  };

  // First, so every response gets them: pages, API, uploads, the docs and the queue dashboard.
  registerSecurityHeaders(fastify, {
    publicUrl: publicUrl(config),
    assetOrigins: config.CSP_ASSET_ORIGINS,
    adOrigins: config.CSP_AD_ORIGINS,
    adScriptHashes: deps.ads.scriptHashes,
    frameAncestors: applications.embedOrigins,
    paymentOrigins: gatewayOrigins(config),
  });
  // Requests are parsed once by their contract (lib/route.ts); fastify only serialises responses.
  fastify.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  fastify.setSerializerCompiler(serializerCompiler);
  await fastify.register(fastifySwagger, {
    openapi: { info: { title: 'CharChat API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await fastify.register(fastifyCookie, { secret });
  await registerMultipart(fastify);
  await registerUploads(fastify, config, deps.storage);
  registerErrorHandler(fastify);
  registerRouteAuth(fastify, deps);
  registerReadYourWrites(fastify, reads);
  registerRoutes(fastify, deps);
  const inspected = openAllQueues(queueConnection, config.REDIS_PREFIX, fastify.log);
  metricsRoutes(fastify, deps, inspected, () => realtime.io.engine.clientsCount);
  await queueBoardRoutes(fastify, deps, inspected);
  registerClient(fastify, config.CLIENT_DIST);

  // Open sockets would keep the HTTP server from closing: drop them before it closes.
  fastify.addHook('preClose', (done) => {
    realtime.disconnectAll();
    done();
  });
  fastify.addHook('onClose', async () => {
    await realtime.close();
    await deps.queue.close();
    await deps.moderation.close();
    await billingQueue.close();
    await leaderboardQueue.close();
    await speechQueue.close();
    await imagesQueue.close();
    await translationQueue.close();
    await Promise.all(inspected.map((q) => q.close()));
    await Promise.all([redis.quit(), queueConnection.quit()]).catch(() => undefined);
    await characterChanges.close();
    await reads.close();
    await deps.db.destroy();
    deps.mailer.close();
  });
  return { fastify, deps, realtime };
}

/**
 * Serves uploaded files at /uploads/: from UPLOAD_DIR, or read from the bucket with STORAGE=s3 (the
 * browser never talks to the bucket, so URLs and the content security policy are the same). Uploaded
 * files never change (a new upload gets a new name), so they are cached for a year.
 */
async function registerUploads(
  fastify: FastifyInstance,
  config: Config,
  storage: FileStorage,
): Promise<void> {
  if (config.STORAGE === 'local') {
    mkdirSync(config.UPLOAD_DIR, { recursive: true });
    await fastify.register(fastifyStatic, {
      root: config.UPLOAD_DIR,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      // Only the public folders: a private one's file (a spoken clip) is never handed out here.
      allowedPath: (pathName) => uploadKey(`/uploads${pathName}`) !== null,
    });
    return;
  }
  fastify.get('/uploads/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const key = uploadKey(url);
    const bytes = key === null ? null : await storage.get(url);
    if (key === null || bytes === null) throw new AppError('not_found');
    return reply
      .type(uploadContentType(key.name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}

/**
 * Serves the built client; unknown paths that are neither the API nor an uploaded file get index.html
 * so client routes load (a missing upload is a 404, never a page an <img> would try to decode).
 */
function registerClient(fastify: FastifyInstance, dist: string): void {
  const index = path.join(dist, 'index.html');
  const hasClient = existsSync(index);
  if (hasClient) {
    void fastify.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  }
  fastify.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/uploads/');
    if (isPage && hasClient) return reply.type('text/html').sendFile('index.html');
    throw new AppError('not_found');
  });
}
