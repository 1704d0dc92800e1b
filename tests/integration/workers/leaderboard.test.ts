/**
 * The creators leaderboard on real PostgreSQL and Redis (issue 25 item 1): the job computes a month
 * from stored signals, the same table however often and on however many workers it runs; an approved
 * month's prizes are granted once each as a free month the tier logic reads; pending months stay
 * hidden from everyone but admins, over REST and the socket.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database';
import * as leaderboard from '#server/db/repositories/leaderboard.repo';
import * as subscriptions from '#server/db/repositories/subscriptions.repo';
import * as users from '#server/db/repositories/users.repo';
import { loadCatalog } from '#server/lib/billing/catalog';
import { createLogger } from '#server/lib/log';
import { sweepBilling } from '#workers/billing/sweep.processor';
import { LeaderboardPageSchema } from '#shared/api/leaderboard';
import type { PaidRole } from '#shared/schemas/billing';
import { commandNames } from '#shared/realtime/events';
import {
  computeLeaderboard,
  grantLeaderboardPrizes,
} from '#workers/leaderboard/leaderboard.processor';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let db: Db;
let admin: SignedInMember;
let member: SignedInMember;
const log = createLogger('silent', 'test');
const catalog = {
  prizeRole: (tier: 'top' | 'lower'): PaidRole => (tier === 'top' ? 'paid_premium' : 'paid_basic'),
};

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

/**
 * Months of their own, far in the past, so no other file's bots fall in them; each new one is the
 * month before the last, so All Bots of a later test (an earlier month) never counts an earlier
 * test's bots.
 */
const runYear = 1950 + Math.floor(Math.random() * 40);
let monthIndex = runYear * 12 + 11;
function newMonth(): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  monthIndex -= 1;
  return `${String(year)}-${String(month).padStart(2, '0')}`;
}

interface BotSpec {
  messages: number;
  favorites?: number;
  /** Likes among `ratings`. */
  likes?: number;
  ratings?: number;
  createdAt: Date;
  visibility?: 'public' | 'private';
}

async function newCreator(name: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ kind: 'member', username: `${name}-${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addBot(creatorId: string, bot: BotSpec): Promise<string> {
  const id = await createCharacter(db, { creatorUserId: creatorId });
  const ratings = bot.ratings ?? 0;
  await db
    .updateTable('characters')
    .set({
      visibility: bot.visibility ?? 'public',
      created_at: bot.createdAt,
      num_messages: bot.messages,
      num_ratings: ratings,
      rating_score: ratings === 0 ? 0 : (bot.likes ?? 0) / ratings,
    })
    .where('id', '=', id)
    .execute();
  for (let i = 0; i < (bot.favorites ?? 0); i++) {
    const fan = await db
      .insertInto('users')
      .values({ kind: 'guest', guest_id: randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('character_favorites')
      .values({ user_id: fan.id, character_id: id })
      .execute();
  }
  return id;
}

function inMonth(month: string, day = 10): Date {
  return new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);
}

async function boardRows(month: string) {
  return db
    .selectFrom('leaderboard_entries')
    .select(['type', 'rank', 'user_id', 'score', 'num_bots', 'previous_rank'])
    .where('month', '=', month)
    .orderBy('type')
    .orderBy('rank')
    .execute();
}

/** Twelve creators with bots made in `month`, creator i scoring more than creator i+1. */
async function twelveCreators(month: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const id = await newCreator(`c${String(i)}`);
    await addBot(id, { messages: 10_000 - i * 500, createdAt: inMonth(month) });
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, WORKER_QUEUES: 'leaderboard' }), {
    workers: true,
  });
  db = stack.app.deps.db;
  const adminEmail = `admin-${randomUUID()}@example.com`;
  const made = await users.upsertMemberByEmail(db, adminEmail);
  await users.setRole(db, made.id, 'admin');
  admin = await signInMember(stack, smtp, adminEmail);
  member = await signInMember(stack, smtp);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

describe('compute-leaderboard', () => {
  it('scores creators from their listed bots, New Bots being the month’s own', async () => {
    const month = newMonth();
    const before = inMonth(newMonth());
    const veteran = await newCreator('veteran');
    await addBot(veteran, { messages: 50_000, createdAt: before });
    const rookie = await newCreator('rookie');
    await addBot(rookie, {
      messages: 1_000,
      favorites: 2,
      likes: 8,
      ratings: 10,
      createdAt: inMonth(month),
    });
    await addBot(rookie, { messages: 99_999, createdAt: inMonth(month), visibility: 'private' });
    const late = await newCreator('late');
    await addBot(late, {
      messages: 70_000,
      createdAt: new Date(`${String(runYear + 1)}-01-05T00:00:00Z`),
    });

    await computeLeaderboard({ db, log }, { month });
    const rows = await boardRows(month);
    const of = (type: string, id: string) => rows.find((r) => r.type === type && r.user_id === id);
    // 1000 + 2 × 50 + 8 × 20 − 2 × 20; the private bot does not count.
    expect(of('new', rookie)).toMatchObject({ rank: 1, score: '1220', num_bots: 1 });
    expect(of('new', veteran)).toBeUndefined();
    expect(of('all', veteran)).toMatchObject({ rank: 1, score: '50000' });
    expect(of('all', rookie)).toMatchObject({ rank: 2 });
    expect(of('all', late)).toBeUndefined();
    expect((await leaderboard.findMonth(db, month))?.status).toBe('pending');
  });

  it('gives the same table run twice, or by two workers at once, with movement from last month', async () => {
    const month = newMonth();
    const last = newMonth();
    const ids = await twelveCreators(last);
    await computeLeaderboard({ db, log }, { month: last });
    // This month the last creator of last month's twelve climbs to the top of All Bots.
    await addBot(ids[11] ?? '', { messages: 50_000, createdAt: inMonth(month) });

    await computeLeaderboard({ db, log }, { month });
    const first = await boardRows(month);
    await computeLeaderboard({ db, log }, { month });
    expect(await boardRows(month)).toEqual(first);

    // Two workers: separate connections, started together, serialised by the month's lock.
    const other = createDb(stack.app.deps.config.DATABASE_URL, 2);
    try {
      await Promise.all([
        computeLeaderboard({ db, log }, { month }),
        computeLeaderboard({ db: other, log }, { month }),
      ]);
    } finally {
      await other.destroy();
    }
    expect(await boardRows(month)).toEqual(first);

    const all = first.filter((r) => r.type === 'all');
    expect(all[0]).toMatchObject({ user_id: ids[11], rank: 1, previous_rank: 12 });
    expect(all[1]).toMatchObject({ user_id: ids[0], rank: 2, previous_rank: 1 });
  });

  it('runs from the queue when an admin asks, and only for admins', async () => {
    const month = newMonth();
    const creator = await newCreator('queued');
    await addBot(creator, { messages: 5_000, createdAt: inMonth(month) });
    const refused = await inject({
      method: 'POST',
      url: `/api/admin/leaderboard/${month}/compute`,
      headers: member.headers,
    });
    expect(errorOf(refused.json()).code).toBe('forbidden');
    const asked = await inject({
      method: 'POST',
      url: `/api/admin/leaderboard/${month}/compute`,
      headers: admin.headers,
    });
    expect(asked.statusCode).toBe(200);
    await expect.poll(() => leaderboard.findMonth(db, month), { timeout: 20_000 }).toBeDefined();
    expect((await boardRows(month)).map((r) => r.user_id)).toEqual([creator, creator]);
  });
});

describe('who sees a pending month', () => {
  it('hides it from guests, members and anonymous callers, and shows it to admins', async () => {
    const month = newMonth();
    const creator = await newCreator('pending');
    await addBot(creator, { messages: 3_000, createdAt: inMonth(month) });
    await computeLeaderboard({ db, log }, { month });

    for (const headers of [{}, { 'x-guest-id': newGuestId() }, member.headers]) {
      const res = await inject({ url: `/api/leaderboard?date=${month}&type=new`, headers });
      const page = LeaderboardPageSchema.parse(res.json());
      expect(page.items).toEqual([]);
      expect(page.months.some((m) => m.month === month)).toBe(false);
      const adminView = await inject({ url: `/api/admin/leaderboard?date=${month}`, headers });
      expect(adminView.statusCode).toBeGreaterThanOrEqual(401);
      expect(['forbidden', 'sign_in_required']).toContain(errorOf(adminView.json()).code);
      const approve = await inject({
        method: 'POST',
        url: `/api/admin/leaderboard/${month}/approve`,
        headers,
      });
      expect(['forbidden', 'sign_in_required']).toContain(errorOf(approve.json()).code);
    }
    expect((await leaderboard.findMonth(db, month))?.status).toBe('pending');

    const adminView = LeaderboardPageSchema.parse(
      (
        await inject({ url: `/api/admin/leaderboard?date=${month}`, headers: admin.headers })
      ).json(),
    );
    expect(adminView.items).toMatchObject([{ rank: 1, status: 'pending', date: month }]);
  });

  it('offers no socket command that reads or approves the leaderboard', async () => {
    const month = newMonth();
    const creator = await newCreator('socket');
    await addBot(creator, { messages: 3_000, createdAt: inMonth(month) });
    await computeLeaderboard({ db, log }, { month });
    expect(commandNames.filter((n) => n.startsWith('leaderboard'))).toEqual([]);
    // An untyped client: the event is not in the contract, which is the point.
    const socket = io(stack.url, {
      auth: { token: member.session.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // Not a command: no handler answers it, and nothing changes.
      await expect(
        socket.timeout(1_000).emitWithAck('leaderboard:approve', { month }),
      ).rejects.toThrow();
    } finally {
      socket.close();
    }
    expect((await leaderboard.findMonth(db, month))?.status).toBe('pending');
  });
});

describe('approval and prizes', () => {
  it('shows the month to everyone once approved, past the cache', async () => {
    const month = newMonth();
    const creator = await newCreator('approved');
    await addBot(creator, { messages: 4_000, createdAt: inMonth(month) });
    await computeLeaderboard({ db, log }, { month });
    const before = LeaderboardPageSchema.parse(
      (await inject({ url: `/api/leaderboard?date=${month}` })).json(),
    );
    expect(before.items).toEqual([]);
    const approved = await inject({
      method: 'POST',
      url: `/api/admin/leaderboard/${month}/approve`,
      headers: admin.headers,
    });
    expect(approved.json()).toEqual({ month, status: 'approved' });
    const after = LeaderboardPageSchema.parse(
      (await inject({ url: `/api/leaderboard?date=${month}` })).json(),
    );
    expect(after.items).toMatchObject([
      { rank: 1, status: 'approved', numberOfCharacters: 1, score: 4000 },
    ]);
    // An approved month is kept as approved: a re-run does not rewrite it.
    const rows = await boardRows(month);
    await addBot(creator, { messages: 1, createdAt: inMonth(month) });
    expect((await computeLeaderboard({ db, log }, { month })).written).toBe(false);
    expect(await boardRows(month)).toEqual(rows);
  });

  it('grants each prize once, however often and on however many workers it runs', async () => {
    const month = newMonth();
    const ids = await twelveCreators(month);
    // The 5th pays by card already: they keep their plan, and the prize is recorded as such.
    const payer = ids[4] ?? '';
    await subscriptions.insert(db, {
      userId: payer,
      platform: 'card',
      planId: 'basic-1m',
      autoRenew: true,
      periodStartedAt: new Date(),
      recurAt: new Date(Date.now() + 86_400_000),
      externalRef: null,
    });
    await computeLeaderboard({ db, log }, { month });
    // Approval queues the grant on the worker; direct runs race it here.
    await inject({
      method: 'POST',
      url: `/api/admin/leaderboard/${month}/approve`,
      headers: admin.headers,
    });
    const deps = { db, log, redis: stack.app.deps.redis, prefix: stack.app.deps.prefix, catalog };
    await Promise.all([
      grantLeaderboardPrizes(deps, { month }),
      grantLeaderboardPrizes(deps, { month }),
    ]);
    await grantLeaderboardPrizes(deps, { month });
    await expect.poll(async () => (await leaderboard.prizesOf(db, month)).length).toBe(10);

    const prizes = await leaderboard.prizesOf(db, month);
    expect(new Set(prizes.map((p) => p.userId)).size).toBe(10);
    for (const [i, id] of ids.entries()) {
      const role = await users.roleOf(db, id);
      const subs = await subscriptions.listForUser(db, id);
      if (i >= 10) {
        expect(role).toBe('free_tier');
        expect(subs).toEqual([]);
      } else if (id === payer) {
        expect(prizes.find((p) => p.userId === id)?.outcome).toBe('subscribed');
        expect(subs.map((s) => s.platform)).toEqual(['card']);
      } else {
        expect(role).toBe(i < 3 ? 'paid_premium' : 'paid_basic');
        expect(subs).toHaveLength(1);
        expect(subs[0]).toMatchObject({ platform: 'prize', autoRenew: false, status: 'active' });
      }
    }
  });

  it('ends the free month like any subscription: the billing sweep moves the member back', async () => {
    const month = newMonth();
    const winner = await newCreator('winner');
    await addBot(winner, { messages: 9_000, createdAt: inMonth(month) });
    await computeLeaderboard({ db, log }, { month });
    await leaderboard.approveMonth(db, month, admin.session.user.id, new Date());
    const deps = { db, log, redis: stack.app.deps.redis, prefix: stack.app.deps.prefix, catalog };
    await grantLeaderboardPrizes(deps, { month });
    expect(await users.roleOf(db, winner)).toBe('paid_premium');
    const [prize] = await subscriptions.listForUser(db, winner);
    const after = new Date((prize?.recurAt.getTime() ?? 0) + 1_000);
    await sweepBilling(
      {
        db,
        redis: stack.app.deps.redis,
        prefix: stack.app.deps.prefix,
        log,
        catalog: loadCatalog(stack.app.deps.config.COMMERCE_FILE),
        gateway: null,
        publicUrl: 'http://127.0.0.1',
        scheduleEnd: () => Promise.resolve(),
      },
      after,
    );
    expect(await users.roleOf(db, winner)).toBe('free_tier');
    expect((await subscriptions.listForUser(db, winner))[0]?.status).toBe('expired');
  });
});
