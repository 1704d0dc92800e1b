/**
 * The one environment module (docs/architecture.md, "Configuration and start"), read by server,
 * workers and scripts. A bad value stops start-up with one line naming the variable.
 * Every variable is listed with its default and meaning in README.md.
 */
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tiny test model beside the repository (../shared/models), used offline and in CI. */
export const tinyModelPath = path.resolve(repoRoot, '..', 'shared', 'models', 'stories260K.gguf');

/** A small instruct chat model, downloaded once into the model cache when LLM_MODEL is unset. */
export const defaultModelUri = 'hf:bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M';

const AgeVerificationProviderSchema = z.enum(['sandbox', 'disabled']);
const PaymentGatewaySchema = z.enum(['sandbox', 'stripe', 'disabled']);
const PledgeServiceSchema = z.enum(['sandbox', 'subscribestar', 'disabled']);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Address ranges Fastify (proxy-addr) knows by name. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR range or a named range, as Fastify's trustProxy takes them. */
function isProxyAddress(item: string): boolean {
  if (proxyRangeNames.includes(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
const positiveInt = z.coerce.number().int().positive();

/** A web origin as a Content-Security-Policy source: scheme and host (`*.` allowed), optional port. */
export const OriginSchema = z
  .string()
  .regex(/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/i);

/** A comma-separated list of items, empty by default. */
function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(z.array(item));
}

const originList = commaList(OriginSchema).describe(
  'comma-separated origins such as https://cdn.example.com,https://*.ads.example',
);

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

/** A Redis Cluster node as `host:port`: a host name, an IPv4 address or a bracketed IPv6 one. */
const redisNode = z
  .string()
  .regex(/^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\]):\d{1,5}$/i)
  .transform((item) => {
    const at = item.lastIndexOf(':');
    return { host: item.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(item.slice(at + 1)) };
  })
  .refine((node) => node.port >= 1 && node.port <= 65535);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1').describe('a host name or address to listen on'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('a port number from 0 to 65535'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl
    .default('postgres://postgres@127.0.0.1:5432/charchat')
    .describe('a postgres:// URL'),
  /** Streaming replicas of DATABASE_URL that serve public reads (server/db/read-db.ts). */
  DATABASE_READ_URL: commaList(postgresUrl).describe('a comma-separated list of postgres:// URLs'),
  /** How stale a replica may make a public read for someone who did not just write. */
  DATABASE_READ_MAX_LAG_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe('milliseconds, a whole number, 0 or more'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .default('redis://127.0.0.1:6379')
    .describe('a redis:// URL'),
  /** Seed nodes of a Redis Cluster; when set, they take the place of REDIS_URL (lib/redis.ts). */
  REDIS_CLUSTER_NODES: commaList(redisNode).describe(
    'a comma-separated list of host:port Redis Cluster nodes, such as 10.0.0.1:7000,10.0.0.2:7000',
  ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]*$/)
    .default('charchat:')
    .describe('letters, digits and . : _ -'),
  CLIENT_DIST: z.string().default(path.join(repoRoot, 'dist', 'client')),
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'uploads')),
  STORAGE: z
    .enum(['local', 's3'])
    .default('local')
    .describe('local (files under UPLOAD_DIR) or s3 (an S3-compatible bucket, S3_*)'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('the S3-compatible endpoint URL, such as https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: z.string().min(1).default('us-east-1').describe('the bucket region'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional()
    .describe('a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('the access key id'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('the secret access key'),
  CONTENT_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'content'))
    .describe('a folder holding legal/<application id>/<page>.md'),
  LLM_PROVIDER: z.enum(['local', 'openai']).default('local'),
  LLM_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe('a GGUF file path or an hf: URI (local), or a model name (openai)'),
  LLM_FALLBACK_MODEL: z.string().min(1).default(tinyModelPath),
  MODEL_CACHE_DIR: z
    .string()
    .min(1)
    .default(path.join(os.homedir(), '.cache', 'charchat', 'models')),
  LLM_BASE_URL: z
    .url()
    .default('http://127.0.0.1:8080/v1')
    .describe('an http(s) URL ending in /v1'),
  LLM_API_KEY: z.string().optional(),
  OWN_KEY_BASE_URL: z
    .url()
    .default('https://api.openai.com/v1')
    .describe('an http(s) URL ending in /v1'),
  OWN_KEY_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_THREADS: positiveInt.default(defaultThreads()).describe('a whole number above 0'),
  LLM_CONTEXT_SIZE: positiveInt.default(2048).describe('a whole number of tokens above 0'),
  LLM_MAX_TOKENS: positiveInt.default(256).describe('a whole number of tokens above 0'),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.8).describe('a number from 0 to 2'),
  LLM_TIMEOUT_MS: positiveInt.default(60_000).describe('milliseconds, a whole number above 0'),
  WORKER_CONCURRENCY: positiveInt.optional().describe('a whole number above 0'),
  WORKER_QUEUES: z
    .string()
    .regex(
      /^(generation|maintenance|waiting-room|moderation|billing|leaderboard|notifications|speech|images|translation)(,(generation|maintenance|waiting-room|moderation|billing|leaderboard|notifications|speech|images|translation))*$/,
    )
    .default(
      'generation,maintenance,waiting-room,moderation,billing,leaderboard,notifications,speech,images,translation',
    )
    .transform((v) => v.split(','))
    .describe(
      'a comma-separated list of generation, maintenance, waiting-room, moderation, billing, leaderboard, notifications, speech, images, translation',
    ),
  /** Longest the text model may take over one field of a chatbot's translation (issue 26 item 3). */
  TRANSLATION_TIMEOUT_MS: positiveInt
    .default(120_000)
    .describe('milliseconds, a whole number above 0'),
  /** Translations run at once per worker process: background work beside the replies. */
  TRANSLATION_CONCURRENCY: positiveInt.default(2).describe('a whole number above 0'),
  SPEECH_PROVIDER: z
    .enum(['local', 'openai'])
    .default('local')
    .describe(
      'local (espeak-ng on this machine) or openai (an OpenAI-compatible /v1/audio/speech)',
    ),
  SPEECH_BASE_URL: z
    .url()
    .default('https://api.openai.com/v1')
    .describe('an http(s) URL ending in /v1'),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().min(1).default('tts-1'),
  SPEECH_TIMEOUT_MS: positiveInt.default(20_000).describe('milliseconds, a whole number above 0'),
  SPEECH_CONCURRENCY: positiveInt.default(4).describe('a whole number above 0'),
  SPEECH_CLIP_TTL_DAYS: positiveInt.default(30).describe('a whole number of days above 0'),
  IMAGE_PROVIDER: z
    .enum(['none', 'a1111', 'openai'])
    .default('none')
    .describe(
      'none (images off), a1111 (an AUTOMATIC1111-compatible /sdapi/v1/txt2img) or openai (an OpenAI-compatible /v1/images/generations)',
    ),
  IMAGE_BASE_URL: z
    .url()
    .optional()
    .describe(
      'an http(s) URL: the A1111 server (http://127.0.0.1:7860) or an OpenAI base ending in /v1',
    ),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().min(1).default('dall-e-2'),
  IMAGE_SIZE: z.coerce
    .number()
    .int()
    .min(64)
    .max(2048)
    .default(512)
    .describe('pixels, a whole number from 64 to 2048 (images are square)'),
  IMAGE_STEPS: positiveInt.default(20).describe('a whole number above 0 (A1111 sampling steps)'),
  IMAGE_TIMEOUT_MS: positiveInt.default(120_000).describe('milliseconds, a whole number above 0'),
  IMAGE_CONCURRENCY: positiveInt.default(2).describe('a whole number above 0'),
  WORKER_LOCK_MS: positiveInt.default(10_000).describe('milliseconds, a whole number above 0'),
  WORKER_SHUTDOWN_GRACE_MS: positiveInt
    .default(30_000)
    .describe('milliseconds, a whole number above 0'),
  PRIORITY_AGEING_SECONDS: positiveInt.default(10).describe('seconds, a whole number above 0'),
  SIGN_IN_MAILS_PER_IP_PER_HOUR: positiveInt.default(20).describe('a whole number above 0'),
  SIGN_IN_CODE_CHECKS_PER_IP: positiveInt
    .default(30)
    .describe('a whole number above 0 (per 10 minutes)'),
  MEMBER_MESSAGES_PER_MINUTE: positiveInt.default(30).describe('a whole number above 0'),
  WAITING_ROOM_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .describe('a whole number, 0 or more'),
  WAITING_ROOM_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe('a whole number, 0 or more (0 turns the waiting room off)'),
  WAITING_ROOM_USERS_PER_SLOT: positiveInt.default(10).describe('a whole number above 0'),
  WAITING_ROOM_IDLE_SECONDS: positiveInt.default(600).describe('seconds, a whole number above 0'),
  WAITING_ROOM_ACCESS_SECONDS: positiveInt
    .default(1200)
    .describe('seconds, a whole number above 0'),
  WAITING_ROOM_TICK_MS: positiveInt.default(1000).describe('milliseconds, a whole number above 0'),
  WAITING_ROOM_BYPASS_CHARACTER_ID: z.uuid().optional().describe('a character id (a UUID)'),
  METRICS_EVENT_LOOP_MS: positiveInt
    .default(1000)
    .describe('milliseconds between event-loop delay samples, a whole number above 0'),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .describe('a random string of at least 16 characters'),
  GUEST_TTL_DAYS: positiveInt.default(30).describe('a whole number of days above 0'),
  GUEST_MESSAGES_PER_HOUR: positiveInt.default(20).describe('a whole number above 0'),
  GUEST_MESSAGES_PER_IP_PER_HOUR: positiveInt.default(300).describe('a whole number above 0'),
  GUESTS_PER_IP_PER_HOUR: positiveInt.default(200).describe('a whole number above 0'),
  RUN_WORKERS: bool.default(true),
  // No hop count: Fastify 5 trusts nothing for one, since a hop count cannot tell a proxy from a client.
  TRUST_PROXY: z
    .string()
    .transform((v) => v.split(',').map((item) => item.trim()))
    .refine((items) => items.every(isProxyAddress))
    .optional()
    .describe(
      'a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
    ),
  PUBLIC_URL: z.url().optional().describe('the URL people open, such as https://chat.example.com'),
  AUTH_SECRET: z.string().min(32).optional().describe('a random string of at least 32 characters'),
  AUTH_SECRET_FILE: z
    .string()
    .min(1)
    .default(path.join(repoRoot, '.data', 'auth-secret'))
    .describe('a file path'),
  ACCESS_TOKEN_SECONDS: positiveInt.default(900).describe('seconds, a whole number above 0'),
  REFRESH_TOKEN_DAYS: positiveInt.default(30).describe('days, a whole number above 0'),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .describe('an smtp:// or smtps:// URL such as smtp://user:pass@host:587'),
  MAIL_FROM: z.string().min(3).default('CharChat <no-reply@localhost>'),
  /** Email notifications (issue 25 item 6): how long a missed reply waits before it is mailed. */
  NOTIFY_EMAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(300)
    .describe('seconds, a whole number from 0 to 86400'),
  /** At most one notification mail per conversation within this many seconds. */
  NOTIFY_EMAIL_COOLDOWN_SECONDS: positiveInt
    .default(21_600)
    .describe('seconds, a whole number above 0'),
  OAUTH_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_APPLE_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_X_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_X_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_DISCORD_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  AGE_VERIFICATION_PROVIDER: AgeVerificationProviderSchema.optional(),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .transform((name) => name.toLowerCase())
    .optional()
    .describe('an HTTP header name such as cf-ipcountry'),
  AGE_VERIFICATION_COUNTRIES: z
    .string()
    .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/)
    .default('')
    .describe('comma-separated ISO country codes such as GB,FR'),
  AGE_VERIFICATION_DEADLINE: z.iso
    .date()
    .default('2025-11-30')
    .describe('a date such as 2025-11-30'),
  AGE_VERIFICATION_VALID_DAYS: positiveInt.default(365).describe('a whole number of days above 0'),
  CSP_ASSET_ORIGINS: originList,
  CSP_AD_ORIGINS: originList,
  APPLICATIONS_FILE: z.string().min(1).optional().describe('a path to a JSON file of applications'),
  COMMERCE_FILE: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'content', 'commerce.json'))
    .describe('a path to the JSON file of plans, offers, coupons and tax rates'),
  PAYMENT_GATEWAY: PaymentGatewaySchema.optional(),
  /** Signs and checks the SANDBOX gateway's webhooks; defaults to one derived from AUTH_SECRET. */
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe('a random string of at least 32 characters'),
  /** Stripe's keys (PAYMENT_GATEWAY=stripe needs all three). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/)
    .optional()
    .describe('a Stripe secret key such as sk_test_…'),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/)
    .optional()
    .describe('a Stripe publishable key such as pk_test_…'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/)
    .optional()
    .describe("a Stripe webhook endpoint's signing secret such as whsec_…"),
  /** Where the Stripe SDK sends its requests: Stripe's own API unless pointed at a local peer. */
  STRIPE_API_HOST: z.string().min(1).optional().describe('a host name such as api.stripe.com'),
  STRIPE_API_PORT: positiveInt.max(65535).optional().describe('a port number'),
  STRIPE_API_PROTOCOL: z.enum(['https', 'http']).optional(),
  STRIPE_TIMEOUT_MS: positiveInt.default(20_000).describe('milliseconds, a whole number above 0'),
  /** Where the checkout loads Stripe.js from: Stripe's own unless pointed at a local peer. */
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/').describe('an http(s) URL'),
  PLEDGE_SERVICE: PledgeServiceSchema.optional(),
  /** The OAuth2 application made in SubscribeStar's profile settings (PLEDGE_SERVICE=subscribestar). */
  SUBSCRIBESTAR_CLIENT_ID: z.string().min(1).optional().describe("the integration's client id"),
  SUBSCRIBESTAR_CLIENT_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe("the integration's client secret"),
  /** SubscribeStar's site, for its OAuth2 and GraphQL API: its own unless pointed at a local peer. */
  SUBSCRIBESTAR_URL: z.url().default('https://www.subscribestar.com').describe('an http(s) URL'),
  BILLING_SWEEP_MS: positiveInt.default(60_000).describe('milliseconds, a whole number above 0'),
  INFERENCE_MODELS_FILE: z
    .string()
    .min(1)
    .optional()
    .describe('a path to a JSON file of inference models'),
  DEFAULT_APPLICATION_ID: z.string().min(1).default('charchat'),
  OAUTH_ISSUER_OVERRIDE: z
    .url()
    .optional()
    .describe('an OpenID issuer URL (tests and local development only)'),
  /** Ads (issue 25 item 7): a chat shows the ad slot once it has more messages than this. */
  AD_AFTER_MESSAGES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(10)
    .describe('a whole number of messages from 0 to 10000'),
  /** The ad provider's HTML snippet, shown in a sandboxed frame; without it no ad slot shows. */
  ADS_SNIPPET_FILE: z.string().min(1).optional().describe('a path to an HTML file'),
});

/** llama.cpp's own default is hundreds of times slower on 2 cores (docs/performance.md, trap 1). */
function defaultThreads(): number {
  const cores = os.availableParallelism();
  return cores <= 2 ? 1 : cores - 1;
}

const ConfigSchema = EnvSchema.transform((env) => {
  // Sandboxes check and charge nothing: the default outside production only, and refused in it.
  const isProduction = env.NODE_ENV === 'production';
  const ageVerification: z.infer<typeof AgeVerificationProviderSchema> =
    env.AGE_VERIFICATION_PROVIDER ?? (isProduction ? 'disabled' : 'sandbox');
  const paymentGateway: z.infer<typeof PaymentGatewaySchema> =
    env.PAYMENT_GATEWAY ?? (isProduction ? 'disabled' : 'sandbox');
  const pledgeService: z.infer<typeof PledgeServiceSchema> =
    env.PLEDGE_SERVICE ?? (isProduction ? 'disabled' : 'sandbox');
  return {
    ...env,
    AGE_VERIFICATION_PROVIDER: ageVerification,
    PAYMENT_GATEWAY: paymentGateway,
    PLEDGE_SERVICE: pledgeService,
  };
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * Replies one worker process writes at once (docs/performance.md, trap 9): a remote model server serves
 * many streams, the local model as many as its context has sequences (each reply waits for one).
 */
export function generationConcurrency(config: Config): number {
  return config.WORKER_CONCURRENCY ?? (config.LLM_PROVIDER === 'openai' ? 256 : 4);
}

/** The image provider's base URL: IMAGE_BASE_URL, else A1111's local default or OpenAI's API. */
export function imageBaseUrl(config: Config): string {
  return (
    config.IMAGE_BASE_URL ??
    (config.IMAGE_PROVIDER === 'a1111' ? 'http://127.0.0.1:7860' : 'https://api.openai.com/v1')
  );
}

/**
 * The secret that signs access tokens and cookies and seals stored keys. Processes started through
 * lib/startup.ts always have one (AUTH_SECRET, or outside production the generated one kept in
 * AUTH_SECRET_FILE); a test building the app sets it in its config.
 */
export function authSecret(config: Config): string {
  if (config.AUTH_SECRET === undefined) {
    throw new ConfigError(
      'Configuration error: AUTH_SECRET is missing; expected a random string of at least 32 characters.',
    );
  }
  return config.AUTH_SECRET;
}

/** The address people open, for links in mail. */
export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** What a variable expects, for the one-line start-up error. */
function expectation(name: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `one of ${issue.values.map(String).join(', ')}`;
  const shape: Record<string, z.ZodType | undefined> = EnvSchema.shape;
  return shape[name]?.description ?? issue.message;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (parsed.success) {
    if (parsed.data.NODE_ENV === 'production' && parsed.data.AUTH_SECRET === undefined) {
      throw new ConfigError(
        'Configuration error: AUTH_SECRET is missing; expected a random string of at least 32 characters in production.',
      );
    }
    if (
      parsed.data.NODE_ENV === 'production' &&
      parsed.data.AGE_VERIFICATION_PROVIDER === 'sandbox'
    ) {
      throw new ConfigError(
        'Configuration error: AGE_VERIFICATION_PROVIDER=sandbox is not valid in production; the sandbox checks nothing (expected disabled or a real provider).',
      );
    }
    if (parsed.data.NODE_ENV === 'production' && parsed.data.PAYMENT_GATEWAY === 'sandbox') {
      throw new ConfigError(
        'Configuration error: PAYMENT_GATEWAY=sandbox is not valid in production; the sandbox charges nothing (expected stripe or disabled).',
      );
    }
    if (parsed.data.PAYMENT_GATEWAY === 'stripe') {
      for (const name of [
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ] as const) {
        if (parsed.data[name] === undefined) {
          throw new ConfigError(
            `Configuration error: ${name} is missing; PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.`,
          );
        }
      }
    }
    if (parsed.data.NODE_ENV === 'production' && parsed.data.PLEDGE_SERVICE === 'sandbox') {
      throw new ConfigError(
        'Configuration error: PLEDGE_SERVICE=sandbox is not valid in production; the sandbox links no real pledge (expected disabled).',
      );
    }
    if (parsed.data.PLEDGE_SERVICE === 'subscribestar') {
      for (const name of ['SUBSCRIBESTAR_CLIENT_ID', 'SUBSCRIBESTAR_CLIENT_SECRET'] as const) {
        if (parsed.data[name] === undefined) {
          throw new ConfigError(
            `Configuration error: ${name} is missing; PLEDGE_SERVICE=subscribestar needs SUBSCRIBESTAR_CLIENT_ID and SUBSCRIBESTAR_CLIENT_SECRET.`,
          );
        }
      }
    }
    if (parsed.data.STORAGE === 's3') {
      for (const name of [
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ] as const) {
        if (parsed.data[name] === undefined) {
          throw new ConfigError(
            `Configuration error: ${name} is missing; STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`,
          );
        }
      }
    }
    const { WAITING_ROOM_MIN: min, WAITING_ROOM_MAX: max } = parsed.data;
    if (max > 0 && min > max) {
      throw new ConfigError(
        `Configuration error: WAITING_ROOM_MIN=${String(min)} is not valid; expected at most WAITING_ROOM_MAX (${String(max)}).`,
      );
    }
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  throw new ConfigError(
    `Configuration error: ${name}=${JSON.stringify(env[name] ?? '')} is not valid; expected ${issue ? expectation(name, issue) : 'a valid value'}.`,
  );
}
