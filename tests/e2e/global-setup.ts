/**
 * Starts what the journeys need: a fresh database, a slowly streaming local OpenAI-wire server (so a
 * reload lands in the middle of a reply), a local A1111-wire image server, a local SMTP server whose sign-in mail specs read through a
 * small HTTP inbox (E2E_MAIL_URL, inherited by the workers), and the product with its start command.
 */
import { randomBytes } from 'node:crypto';
import { mailInboxEnv, startMailInbox } from '../support/mail-inbox';
import { startWireServer, words } from '../../testkit/openai-wire-server';
import { translatorAnswer } from '../../testkit/wire-translator';
import { startProcess } from '../../testkit/processes';
import { dropDatabase, adminUrl, redisUrl, testDatabaseUrl } from '../support/services';
import { startSmtp } from '../support/smtp-server';
import { startImagePeer } from '../support/image-peer';
import { e2ePort } from '../playwright.config';
import { startPartnerPage, writeApplications } from './brands';
import { writeCommerce } from './commerce';

/** Replies are 120 words, "story1" … "story120". */
export const e2eReply = words(120, 'story');

/**
 * A prompt holding this marker (in a message, an autopilot intent) streams at 90 ms a word: about 11 s, long
 * enough to reload, stop or restart in the middle on a busy machine. Every other reply takes well under a
 * second, so journeys that only need a reply do not wait for one.
 */
export const slowReply = 'slow-reply';

/** A member's own OpenAI key, the only one "their" endpoint (OWN_KEY_BASE_URL) accepts. */
export const e2eOwnKey = 'sk-e2e-own-key-7f3a9c1d2b';
/** Replies written through a member's own key end with this word. */
export const ownKeyReply = words(12, 'ownkey');
const slowPace = { firstTokenDelayMs: 400, tokenDelayMs: 90 };
const fastPace = { firstTokenDelayMs: 50, tokenDelayMs: 4 };

/** Where the product under test keeps its data, for specs that must set up what no screen can. */
const databaseEnv = 'E2E_DATABASE_URL';
/** The SMTP server the inbox reads, for a spec that starts a product of its own and signs in there. */
const smtpEnv = 'E2E_SMTP_URL';
const redisPrefixEnv = 'E2E_REDIS_PREFIX';

/** The product's Redis key prefix, for a test that drops a cache entry as the product would. */
export function e2eRedisPrefix(): string {
  const prefix = process.env[redisPrefixEnv];
  if (prefix === undefined)
    throw new Error(`${redisPrefixEnv} is not set; run through e2e global setup`);
  return prefix;
}

export function e2eSmtpUrl(): string {
  const url = process.env[smtpEnv];
  if (url === undefined) throw new Error(`${smtpEnv} is not set; run through e2e global setup`);
  return url;
}

export function e2eDatabaseUrl(): string {
  const url = process.env[databaseEnv];
  if (url === undefined) throw new Error(`${databaseEnv} is not set; run through e2e global setup`);
  return url;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  const database = `charchat_e2e_${run}`;
  const wire = await startWireServer({
    tokens: e2eReply,
    ...fastPace,
    pace: (body) => (JSON.stringify(body).includes(slowReply) ? slowPace : undefined),
    // Chatbot translations (translation.spec.ts) are answered as a translator would.
    respond: translatorAnswer,
  });
  // A second OpenAI-wire server plays the members' own endpoint, answering only their key.
  const ownKeyWire = await startWireServer({
    tokens: ownKeyReply,
    ...fastPace,
    acceptKeys: [e2eOwnKey],
  });
  // Conversation images come from a local A1111-wire server; a prompt with SLOW takes 4 s (progress).
  const imagePeer = await startImagePeer({ drawMs: 300, slowMs: 4000 });
  const partnerPage = await startPartnerPage(`http://127.0.0.1:${e2ePort}`);
  const smtp = await startSmtp();
  const inbox = await startMailInbox(smtp);
  process.env[mailInboxEnv] = inbox.url;
  process.env[smtpEnv] = smtp.url;
  process.env[databaseEnv] = testDatabaseUrl(database);
  const redisPrefix = `e2e-${run}:`;
  process.env[redisPrefixEnv] = redisPrefix;
  const product = await startProcess(
    'scripts/start.ts',
    {
      PORT: String(e2ePort),
      DATABASE_URL: testDatabaseUrl(database),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      OWN_KEY_BASE_URL: ownKeyWire.baseUrl,
      OWN_KEY_MODEL: 'wire',
      IMAGE_PROVIDER: 'a1111',
      IMAGE_BASE_URL: imagePeer.a1111Url,
      IMAGE_SIZE: '256',
      LOG_LEVEL: 'warn',
      // The waiting room is on, but with room for everyone: every context that opens a chat is a new
      // guest holding access for the idle time, and the suite opens more than the default floor of 20
      // (waiting-room.spec.ts waits, on a product of its own).
      WAITING_ROOM_MIN: '1000',
      SMTP_URL: smtp.url,
      // Every browser of the run signs in from 127.0.0.1.
      SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000',
      SIGN_IN_CODE_CHECKS_PER_IP: '1000',
      GUESTS_PER_IP_PER_HOUR: '100000',
      PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
      // The billing sweep renews and ends subscriptions whose dates a journey moved (portal.spec.ts)
      // soon after, rather than within the default minute.
      BILLING_SWEEP_MS: '1000',
      // A reply missed by a member who opted in is mailed a second later (email-notifications.spec.ts).
      NOTIFY_EMAIL_DELAY_SECONDS: '1',
      // A second brand on `localhost` and a partner site framing us (brands.ts).
      APPLICATIONS_FILE: writeApplications(partnerPage.url),
      // The shipped plans, with a sale on whatever the date (commerce.ts).
      COMMERCE_FILE: writeCommerce(),
    },
    /is running at/,
    180_000,
  );
  return async () => {
    await product.stop();
    await wire.close();
    await ownKeyWire.close();
    await imagePeer.close();
    await inbox.close();
    await smtp.close();
    await partnerPage.close();
    await dropDatabase(adminUrl(), database);
  };
}
