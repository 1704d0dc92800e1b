/**
 * Mails about missed replies on real PostgreSQL, Redis, BullMQ and a local SMTP server (issue 25 item
 * 6): nothing without consent, one mail with it, none after opting out or opening the conversation,
 * one per conversation within the cooldown, never two for a retried job, and exactly the right number
 * when many replies finish at once.
 */
import { randomUUID } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJobs, notificationsQueue } from '#shared/jobs/notifications';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as notices from '#server/db/repositories/email-notifications.repo';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { createDb, type Db } from '#server/db/database';
import { loadApplications } from '#server/lib/applications';
import { createLogger } from '#server/lib/log';
import { createMailer, type Mailer } from '#server/lib/mailer';
import { clearMissedReplies, noteMissedReply } from '#server/lib/missed-replies';
import { openQueue } from '#server/lib/queues';
import { createRedis, type Redis } from '#server/lib/redis';
import { ReplyState } from '#server/lib/reply-state';
import { redisKeys } from '#server/lib/redis-keys';
import { verifyUnsubscribeToken } from '#server/lib/unsubscribe-token';
import { defineProcessor } from '#workers/lib/define-processor';
import {
  processMissedReply,
  type MissedReplyDeps,
} from '#workers/notifications/missed-reply.processor';
import { testConfig } from '../../support/config';
import { createCharacter } from '../../support/factories';
import { decodedBody, startSmtp, type LocalSmtp } from '../../support/smtp-server';

const config = testConfig();
const prefix = config.REDIS_PREFIX;
const secret = config.AUTH_SECRET ?? '';
const log = createLogger('silent', 'test');
const hourMs = 3_600_000;
let db: Db;
let redis: Redis;
let bull: Redis;
let smtp: LocalSmtp;
let mailer: Mailer;
let queue: Queue;
let characterId: string;

beforeAll(async () => {
  db = createDb(config.DATABASE_URL, 8);
  redis = createRedis(config, 'command');
  bull = createRedis(config, 'bullmq');
  smtp = await startSmtp();
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Test <no-reply@localhost>', log });
  queue = openQueue(notificationsQueue, bull, prefix, log);
  characterId = await createCharacter(db, { name: 'Aria' });
});
afterAll(async () => {
  await queue.close();
  mailer.close();
  await smtp.close();
  await Promise.all([redis.quit(), bull.quit()]);
  await db.destroy();
});

function depsWith(overrides: Partial<MissedReplyDeps> = {}): MissedReplyDeps {
  return {
    db,
    redis,
    prefix,
    mailer,
    applications: loadApplications(config),
    log,
    secret,
    cooldownMs: 6 * hourMs,
    ...overrides,
  };
}

interface Chat {
  userId: string;
  email: string;
  conversationId: string;
}

/** A member (opted in or not) with a conversation with Aria. */
async function newChat(opts: { optedIn: boolean; email?: string | null }): Promise<Chat> {
  const email = opts.email === undefined ? `m-${randomUUID()}@example.com` : opts.email;
  const user =
    email === null
      ? await users.insertMember(db, 'No Mail')
      : await users.upsertMemberByEmail(db, email);
  if (opts.optedIn) {
    await notices.setConsent(db, {
      userId: user.id,
      kind: 'missed_reply',
      isOn: true,
      applicationId: config.DEFAULT_APPLICATION_ID,
    });
  }
  const conversation = await conversations.create(db, { userId: user.id, characterId });
  return { userId: user.id, email: email ?? '', conversationId: conversation.id };
}

/** A reply stored in the chat and marked missed, as a worker does when it finishes unwatched. */
async function missedReply(chat: Chat, content = 'I waited for you by the old lighthouse.') {
  const userMessageId = randomUUID();
  const replyId = randomUUID();
  await messages.insertMany(db, [
    { id: userMessageId, conversation_id: chat.conversationId, role: 'user', content: 'Hi' },
    {
      id: replyId,
      conversation_id: chat.conversationId,
      prev_id: userMessageId,
      role: 'bot',
      content,
    },
  ]);
  const job = { conversationId: chat.conversationId, replyId };
  // Marked without a delay the tests would wait out; the job is run by the test (or a worker below).
  await redis.set(redisKeys(prefix).missedReply(chat.conversationId), replyId);
  return job;
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('missed-reply job', () => {
  it('sends nothing while the member has not opted in', async () => {
    const chat = await newChat({ optedIn: false });
    expect(await processMissedReply(depsWith(), await missedReply(chat))).toBe(false);
    expect(mailsTo(chat.email)).toHaveLength(0);
  });

  it('sends one mail with the brand, who replied, the excerpt, the chat link and unsubscribe', async () => {
    const chat = await newChat({ optedIn: true });
    const job = await missedReply(chat, 'The <tide> is "high" & rising.');
    expect(await processMissedReply(depsWith(), job)).toBe(true);
    const mail = await smtp.nextMailTo(chat.email);
    const body = decodedBody(mail);
    expect(body).toMatch(/Subject: Aria replied on CharChat/);
    expect(body).toContain('The <tide> is "high" & rising.');
    expect(body).toContain('The &lt;tide&gt; is &quot;high&quot; &amp; rising.');
    expect(body).toContain(`/chat/${characterId}/${chat.conversationId}?source=email_notification`);
    expect(body).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const oneClick = /List-Unsubscribe:\s*<([^>]+)>/.exec(body)?.[1] ?? '';
    expect(oneClick).toContain('/api/email-notifications/unsubscribe?token=');
    const token = decodeURIComponent(new URL(oneClick).searchParams.get('token') ?? '');
    expect(verifyUnsubscribeToken(secret, token)).toEqual({
      userId: chat.userId,
      kind: 'missed_reply',
    });
  });

  it('sends nothing once the member opted out again', async () => {
    const chat = await newChat({ optedIn: true });
    await notices.setConsent(db, {
      userId: chat.userId,
      kind: 'missed_reply',
      isOn: false,
      applicationId: config.DEFAULT_APPLICATION_ID,
    });
    expect(await processMissedReply(depsWith(), await missedReply(chat))).toBe(false);
    expect(mailsTo(chat.email)).toHaveLength(0);
  });

  it('sends nothing when the member opened the conversation before the delay passed', async () => {
    const chat = await newChat({ optedIn: true });
    const job = await missedReply(chat);
    await clearMissedReplies(redis, prefix, chat.conversationId);
    expect(await processMissedReply(depsWith(), job)).toBe(false);
    expect(mailsTo(chat.email)).toHaveLength(0);
  });

  it('sends nothing to a member without an address or with a relay address', async () => {
    const noMail = await newChat({ optedIn: true, email: null });
    const relay = await newChat({
      optedIn: true,
      email: `r-${randomUUID()}@privaterelay.appleid.com`,
    });
    expect(await processMissedReply(depsWith(), await missedReply(noMail))).toBe(false);
    expect(await processMissedReply(depsWith(), await missedReply(relay))).toBe(false);
    expect(mailsTo(relay.email)).toHaveLength(0);
  });

  it('mails a conversation once per cooldown, then again after it', async () => {
    const chat = await newChat({ optedIn: true });
    const start = Date.now();
    const at = (ms: number) => depsWith({ now: () => new Date(start + ms) });
    expect(await processMissedReply(at(0), await missedReply(chat))).toBe(true);
    expect(await processMissedReply(at(hourMs), await missedReply(chat))).toBe(false);
    expect(await processMissedReply(at(7 * hourMs), await missedReply(chat))).toBe(true);
    await smtp.nextMailTo(chat.email);
    await smtp.nextMailTo(chat.email);
    expect(mailsTo(chat.email)).toHaveLength(2);
  });

  it('never sends twice for a job retried after its mail went out', async () => {
    const chat = await newChat({ optedIn: true });
    const job = await missedReply(chat);
    // The first run mailed, then (say) died before the job was marked done: the mark is still there.
    expect(await processMissedReply(depsWith(), job)).toBe(true);
    await redis.set(redisKeys(prefix).missedReply(chat.conversationId), job.replyId);
    expect(await processMissedReply(depsWith(), job)).toBe(false);
    expect(await processMissedReply(depsWith(), job)).toBe(false);
    await smtp.nextMailTo(chat.email);
    expect(mailsTo(chat.email)).toHaveLength(1);
  });

  it('gives the send back when the mail server refuses, so the retry mails once', async () => {
    const chat = await newChat({ optedIn: true });
    const job = await missedReply(chat);
    const refusing: Mailer = {
      send: () => Promise.reject(new Error('connection refused')),
      close: () => undefined,
    };
    await expect(processMissedReply(depsWith({ mailer: refusing }), job)).rejects.toThrow(
      'connection refused',
    );
    expect(await processMissedReply(depsWith(), job)).toBe(true);
    expect(await processMissedReply(depsWith(), job)).toBe(false);
    await smtp.nextMailTo(chat.email);
    expect(mailsTo(chat.email)).toHaveLength(1);
  });

  it('mails each opted-in conversation exactly once when 50 replies finish at once', async () => {
    // 25 conversations of 25 members, 2 replies each (a group's auto-responses), 15 opted in.
    const chats = await Promise.all(
      Array.from({ length: 25 }, (_, i) => newChat({ optedIn: i < 15 })),
    );
    const worker: Worker = defineProcessor({
      queue: notificationsQueue,
      jobs: notificationJobs,
      handlers: {
        'missed-reply': async (data) => {
          await processMissedReply(depsWith(), data);
        },
      },
      connection: bull,
      redis,
      prefix,
      concurrency: 8,
      lockDurationMs: 10_000,
      log,
    });
    try {
      const jobs = [];
      for (const chat of chats) {
        for (let i = 0; i < 2; i += 1) {
          const userMessageId = randomUUID();
          const replyId = randomUUID();
          await messages.insertMany(db, [
            {
              id: userMessageId,
              conversation_id: chat.conversationId,
              role: 'user',
              content: 'Hi',
            },
            {
              id: replyId,
              conversation_id: chat.conversationId,
              prev_id: userMessageId,
              role: 'bot',
              content: `Reply ${String(i)}`,
            },
          ]);
          jobs.push({ conversationId: chat.conversationId, replyId });
        }
      }
      // Every reply noted at once, each twice (a worker noting it again changes nothing).
      await Promise.all(
        [...jobs, ...jobs].map((job) =>
          noteMissedReply({ redis, prefix, notifications: queue, delaySeconds: 0 }, job),
        ),
      );
      const deadline = Date.now() + 30_000;
      while ((await queue.getJobCountByTypes('waiting', 'active', 'delayed')) > 0) {
        if (Date.now() > deadline) throw new Error('notification jobs did not finish');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await worker.close();
    }
    for (const [i, chat] of chats.entries()) {
      expect(mailsTo(chat.email), `member ${String(i)}`).toHaveLength(i < 15 ? 1 : 0);
    }
  });
});

describe('ReplyState.finish', () => {
  it('tells whether any server watched the conversation as its reply ended', async () => {
    const replies = new ReplyState(redis, prefix);
    const subscriber = createRedis(config, 'subscriber');
    try {
      const end = async (conversationId: string) => {
        const replyId = randomUUID();
        await replies.claim(conversationId, replyId);
        const run = { conversationId, replyId, run: randomUUID() };
        await replies.start(run);
        return replies.finish(run, {
          event: 'generation:failed',
          payload: {
            conversationId,
            messageId: replyId,
            error: { code: 'internal', message: 'x' },
          },
        });
      };
      const unwatched = randomUUID();
      expect(await end(unwatched)).toEqual({ isFinished: true, isWatched: false });
      const watched = randomUUID();
      await subscriber.ssubscribe(redisKeys(prefix).conversationChannel(watched));
      expect(await end(watched)).toEqual({ isFinished: true, isWatched: true });
    } finally {
      await subscriber.quit();
    }
  });
});
