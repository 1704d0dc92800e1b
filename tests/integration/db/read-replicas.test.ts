/**
 * Public reads with a streaming replica (README "Scaling out: read replicas", server/db/read-db.ts), on
 * the test PostgreSQL's real replica (testkit/pg-replica.sh). That the replica serves a read is shown
 * by pausing its replay: a change made meanwhile is missing only from what the replica serves. Someone
 * who did not write may read up to a minute behind here, so a paused replica keeps serving them; the
 * member who wrote reads their write whatever the replica has replayed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '#server/db/database';
import * as users from '#server/db/repositories/users.repo';
import { LeaderboardPageSchema } from '#shared/api/leaderboard';
import { listLibrary } from '#shared/api/library';
import { getCharacter, getGreetings } from '#shared/api/characters';
import { createLorebook, getLorebook, type LorebookInput } from '#shared/api/lorebooks';
import {
  createCharacter as createOwnCharacter,
  type SaveCharacterBody,
} from '#shared/api/authoring';
import { computeLeaderboard } from '#workers/leaderboard/leaderboard.processor';
import { createLogger } from '#server/lib/log';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember, type SignedInMember } from '../../support/members';
import { replicaScript, setReplayPaused, waitForReplay } from '../../support/replica';
import { startFreezableProxy } from '../../support/freezable-proxy';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

const primaryUrl = inject('databaseUrl');
const replicaUrl = inject('readDatabaseUrl') ?? '';
/** Within the lag allowed, for anyone who did not write: the paused replica keeps serving them. */
const minuteBehind = { DATABASE_READ_MAX_LAG_MS: '60000' };

let smtp: LocalSmtp;
let stack: Stack;
let db: Db;

beforeAll(async () => {
  if (replicaUrl === '') throw new Error('run with the integration-replica project');
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, ...minuteBehind }), {
    workers: false,
  });
  db = stack.app.deps.db;
});
afterAll(async () => {
  await setReplayPaused(replicaUrl, false);
  await stack.close();
  await smtp.close();
});

const unique = () => randomBytes(4).toString('hex');
const asGuest = () => ({ 'x-guest-id': newGuestId() });

async function call(opts: InjectOptions, on = stack) {
  const res = await on.app.fastify.inject(opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
}

async function profileName(id: string, headers: Record<string, string>, on = stack) {
  const body = await call({ url: `/api/characters/${id}`, headers }, on);
  return getCharacter.response.parse(body).name;
}

async function libraryNames(query: string, headers: Record<string, string>, on = stack) {
  const body = await call({ url: `/api/library?${query}`, headers }, on);
  return listLibrary.response.parse(body).items.map((c) => c.name);
}

async function rename(id: string, name: string): Promise<void> {
  await db.updateTable('characters').set({ name }).where('id', '=', id).execute();
}

/** Runs `body` with the replica's replay paused: it keeps what it had and serves it. */
async function whilePaused(body: () => Promise<void>): Promise<void> {
  await waitForReplay(primaryUrl, replicaUrl);
  await setReplayPaused(replicaUrl, true);
  try {
    await body();
  } finally {
    await setReplayPaused(replicaUrl, false);
  }
}

function botBody(name: string): SaveCharacterBody {
  return {
    name,
    title: 'A bot edited by its creator',
    greeting: 'Hello {{user}}.',
    persona: 'Calm.',
    scenario: 'A quiet room.',
    dialogue: '',
    avatarUrl: null,
    avatarIsNsfw: false,
    isNsfw: false,
    // Unlisted: everyone may open its profile, and a save needs no review.
    visibility: 'hidden',
    tags: ['Fantasy'],
    language: 'en',
    guidelines: true,
  };
}

async function createBot(member: SignedInMember, name: string): Promise<string> {
  const body = await call({
    method: 'POST',
    url: '/api/characters',
    headers: member.headers,
    payload: botBody(name),
  });
  return createOwnCharacter.response.parse(body).id;
}

async function editBot(member: SignedInMember, id: string, name: string): Promise<void> {
  await call({
    method: 'PUT',
    url: `/api/characters/${id}`,
    headers: member.headers,
    payload: botBody(name),
  });
}

function bookBody(name: string): LorebookInput {
  return {
    name,
    description: 'Places of the north.',
    avatarUrl: `/uploads/lorebook-avatars/${randomUUID()}.webp`,
    tags: ['Fantasy', 'Places'],
  };
}

async function createBook(member: SignedInMember, name: string): Promise<string> {
  const entries = [{ name: 'The Tower', keywords: ['tower'], content: 'It stands on the cliff.' }];
  const body = await call({
    method: 'POST',
    url: '/api/lorebooks',
    headers: member.headers,
    payload: { ...bookBody(name), guidelines: true, entries },
  });
  return createLorebook.response.parse(body).id;
}

async function bookName(id: string, member: SignedInMember): Promise<string> {
  const body = await call({ url: `/api/lorebooks/${id}`, headers: member.headers });
  return getLorebook.response.parse(body).name;
}

async function greetings(id: string, headers: Record<string, string>): Promise<string[]> {
  const body = await call({ url: `/api/characters/${id}/greetings`, headers });
  return getGreetings.response.parse(body).greetings;
}

/** A stack's Prometheus metrics (no METRICS_TOKEN in these tests). */
async function metrics(on: Stack): Promise<string> {
  const res = await on.app.fastify.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** A port nothing listens on: a replica there refuses every connection. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('public reads with a streaming replica', () => {
  it('serve the library, search and profiles from the replica, stale while its replay is paused', async () => {
    const word = `w${unique()}`;
    const id = await createCharacter(db, { name: `Before ${word}`, tags: [word] });
    // A first read gives the app the primary's position from before the change below.
    expect(await profileName(id, asGuest())).toBe(`Before ${word}`);
    await whilePaused(async () => {
      await rename(id, `After ${word}`);
      expect(await profileName(id, asGuest())).toBe(`Before ${word}`);
      expect(await libraryNames(`tags=${word}`, asGuest())).toEqual([`Before ${word}`]);
      expect(await libraryNames(`q=${word}`, asGuest())).toEqual([`Before ${word}`]);
    });
    await waitForReplay(primaryUrl, replicaUrl);
    expect(await profileName(id, asGuest())).toBe(`After ${word}`);
    expect(await libraryNames(`q=${word}`, asGuest())).toEqual([`After ${word}`]);
  });

  it('give the member who wrote their own write, while others keep reading the replica', async () => {
    const [writer, other] = await Promise.all([
      signInMember(stack, smtp),
      signInMember(stack, smtp),
    ]);
    const word = `w${unique()}`;
    const id = await createBot(writer, `Draft ${word}`);
    const listed = await createCharacter(db, { name: `Listed ${word}`, tags: [word] });
    // A first read gives the app the primary's position from before the edit.
    expect(await profileName(id, other.headers)).toBe(`Draft ${word}`);
    await whilePaused(async () => {
      await editBot(writer, id, `Final ${word}`);
      expect(await profileName(id, writer.headers)).toBe(`Final ${word}`);
      expect(await profileName(id, other.headers)).toBe(`Draft ${word}`);
      expect(await profileName(id, asGuest())).toBe(`Draft ${word}`);

      await call({
        method: 'PUT',
        url: `/api/characters/${listed}/favorite`,
        headers: writer.headers,
      });
      expect(await libraryNames('scope=favorites', writer.headers)).toEqual([`Listed ${word}`]);
    });
  });

  it('serve greetings and lorebook pages from the replica, and the book’s writer their own edit', async () => {
    const [writer, reader] = await Promise.all([
      signInMember(stack, smtp),
      signInMember(stack, smtp),
    ]);
    const word = `w${unique()}`;
    const bot = await createCharacter(db, { greeting: `Hello from ${word}` });
    const book = await createBook(writer, `Lore ${word}`);
    // First reads give the app the primary's position from before the changes below.
    expect(await greetings(bot, asGuest())).toEqual([`Hello from ${word}`]);
    expect(await bookName(book, reader)).toBe(`Lore ${word}`);
    await whilePaused(async () => {
      await db
        .updateTable('characters')
        .set({ greeting: `Goodbye from ${word}` })
        .where('id', '=', bot)
        .execute();
      await call({
        method: 'PUT',
        url: `/api/lorebooks/${book}`,
        headers: writer.headers,
        payload: bookBody(`Lore revised ${word}`),
      });
      expect(await greetings(bot, asGuest())).toEqual([`Hello from ${word}`]);
      expect(await bookName(book, reader)).toBe(`Lore ${word}`);
      expect(await bookName(book, writer)).toBe(`Lore revised ${word}`);
    });
    await waitForReplay(primaryUrl, replicaUrl);
    expect(await greetings(bot, asGuest())).toEqual([`Goodbye from ${word}`]);
    expect(await bookName(book, reader)).toBe(`Lore revised ${word}`);
  });

  it('show everyone an approved leaderboard month at once, though its page is cached for all', async () => {
    const adminEmail = `admin-${randomUUID()}@example.com`;
    await users.setRole(db, (await users.upsertMemberByEmail(db, adminEmail)).id, 'admin');
    const admin = await signInMember(stack, smtp, adminEmail);
    // A month of the test's own, long past, so no other bot falls in it.
    const year = 1910 + Math.floor(Math.random() * 40);
    const month = `${String(year)}-0${String(1 + Math.floor(Math.random() * 9))}`;
    const creator = await db
      .insertInto('users')
      .values({ kind: 'member', username: `lb-${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bot = await createCharacter(db, { creatorUserId: creator.id });
    await db
      .updateTable('characters')
      .set({ created_at: new Date(`${month}-10T12:00:00Z`), num_messages: 4_000 })
      .where('id', '=', bot)
      .execute();
    await computeLeaderboard({ db, log: createLogger('silent', 'test') }, { month });
    const page = async () =>
      LeaderboardPageSchema.parse(await call({ url: `/api/leaderboard?date=${month}` }));
    expect((await page()).items).toEqual([]);
    await whilePaused(async () => {
      await call({
        method: 'POST',
        url: `/api/admin/leaderboard/${month}/approve`,
        headers: admin.headers,
      });
      expect((await page()).items).toMatchObject([{ rank: 1, status: 'approved', score: 4000 }]);
    });
  });

  it('read from the primary while a replica is unreachable', async () => {
    const unreachable = `postgres://postgres@127.0.0.1:${String(await closedPort())}/charchat`;
    const alone = await startStack(
      testConfig({ DATABASE_READ_URL: unreachable, ...minuteBehind }),
      {
        workers: false,
      },
    );
    try {
      const word = `w${unique()}`;
      const id = await createCharacter(db, { name: `Reachable ${word}`, tags: [word] });
      for (let i = 0; i < 3; i++) {
        expect(await profileName(id, asGuest(), alone)).toBe(`Reachable ${word}`);
        expect(await libraryNames(`tags=${word}`, asGuest(), alone)).toEqual([`Reachable ${word}`]);
      }
    } finally {
      await alone.close();
    }
  });

  it('read from the primary once a replica that serves them hangs, within its query bound', async () => {
    const replica = new URL(replicaUrl);
    const proxy = await startFreezableProxy(replica);
    const viaProxy = new URL(replicaUrl);
    viaProxy.port = String(proxy.port);
    const replicaName = viaProxy.host;
    const hung = await startStack(
      testConfig({ DATABASE_READ_URL: viaProxy.toString(), ...minuteBehind }),
      { workers: false },
    );
    try {
      const word = `w${unique()}`;
      const id = await createCharacter(db, { name: `Before ${word}`, tags: [word] });
      // A first read gives the app the primary's position from before the rename below.
      expect(await profileName(id, asGuest(), hung)).toBe(`Before ${word}`);
      await whilePaused(async () => {
        await rename(id, `After ${word}`);
        // The replica serves: its pool holds connections that are about to hang mid-query.
        expect(await profileName(id, asGuest(), hung)).toBe(`Before ${word}`);
        const served = await metrics(hung);
        expect(served).toContain(`charchat_replica_up{replica="${replicaName}"} 1`);
        expect(served).toContain(
          `charchat_replica_read_failures_total{replica="${replicaName}"} 0`,
        );
        expect(served).toMatch(/charchat_public_reads_total\{served_by="replica"\} [1-9]/);
        proxy.freeze();
        try {
          // The first reads wait out the query bound (more than the pool has connections, at once),
          // then everything reads on the primary.
          const first = await Promise.all(
            Array.from({ length: 20 }, () => profileName(id, asGuest(), hung)),
          );
          expect(new Set(first)).toEqual(new Set([`After ${word}`]));
          for (let i = 0; i < 3; i++) {
            expect(await profileName(id, asGuest(), hung)).toBe(`After ${word}`);
            expect(await libraryNames(`tags=${word}`, asGuest(), hung)).toEqual([`After ${word}`]);
          }
          const hanging = await metrics(hung);
          expect(hanging).toContain(`charchat_replica_up{replica="${replicaName}"} 0`);
          expect(hanging).toMatch(
            new RegExp(`charchat_replica_read_failures_total\\{replica="${replicaName}"\\} [1-9]`),
          );
        } finally {
          proxy.thaw();
        }
      });
    } finally {
      await hung.close();
      await proxy.close();
    }
  });

  it('read from the primary while the replica is stopped, and from the replica once it is back', async () => {
    const word = `w${unique()}`;
    const id = await createCharacter(db, { name: `Kept ${word}`, tags: [word] });
    // Served by the replica, so the app's pool holds connections to it when it stops.
    expect(await profileName(id, asGuest())).toBe(`Kept ${word}`);
    replicaScript('stop');
    try {
      for (let i = 0; i < 3; i++) {
        expect(await profileName(id, asGuest())).toBe(`Kept ${word}`);
        expect(await libraryNames(`tags=${word}`, asGuest())).toEqual([`Kept ${word}`]);
      }
    } finally {
      replicaScript('start');
    }
    await whilePaused(async () => {
      await rename(id, `Renamed ${word}`);
      // The primary answers until the app tries the replica again, then the replica's older copy.
      await expect
        .poll(() => profileName(id, asGuest()), { timeout: 15_000, interval: 200 })
        .toBe(`Kept ${word}`);
    });
  });

  it('never lose a member’s edit when many edit and read at once while the replica lags', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => signInMember(stack, smtp)));
    const bots = await Promise.all(members.map((m) => createBot(m, `Bot ${unique()}`)));
    // Replay stops and starts every 30 ms: each read may find the replica behind the edit before it.
    const steady = new AbortController();
    const flapping = (async () => {
      while (!steady.signal.aborted) {
        await setReplayPaused(replicaUrl, true);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await setReplayPaused(replicaUrl, false);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })();
    const vanished: string[] = [];
    try {
      await Promise.all(
        members.map(async (member, i) => {
          const id = bots[i] ?? '';
          for (let round = 0; round < 8; round++) {
            const name = `Edit ${String(round)} ${unique()}`;
            await editBot(member, id, name);
            const seen = await profileName(id, member.headers);
            if (seen !== name) vanished.push(`${name} read as ${seen}`);
          }
        }),
      );
    } finally {
      steady.abort();
      await flapping;
    }
    expect(vanished).toEqual([]);
  });
});
