/**
 * The waiting room against the real Redis and PostgreSQL: a thousand waiters on sockets get their
 * places in arrival order, hear each move of the line pushed to them with positions that only go
 * down, and are let in in that order; a caller without access cannot generate by calling the API.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getWaitingRoom } from '#shared/api/waiting-room';
import { WaitingRoomMovedSchema } from '#shared/realtime/frames';
import { redisKeys } from '#server/lib/redis-keys';
import { randomUUID } from 'node:crypto';
import { createRedis } from '#server/lib/redis';
import { ghostAfterMs, positionOf, WaitingRoomStore } from '#server/lib/waiting-room';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { createLogger } from '#server/lib/log';
import { startWorkers, type RunningWorkers } from '#workers/start-workers';
import { createCharacter, newGuestId } from '../../support/factories';
import { testRedis, testConfig } from '../../support/config';
import {
  connectGuest,
  nextEvent,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

const open: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});
afterAll(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

/** Opens a chat, as far as the line goes: joins it (or reports access) and hears it move. */
async function watch(socket: ClientSocket): Promise<WaitingRoomStatus> {
  const ack = await socket.emitWithAck('waiting-room:watch', { join: true });
  if (!ack.ok) throw new Error(ack.error.code);
  return ack.data;
}

/** Connects `count` guests in batches and has each watch the line; answers in arrival order. */
async function joinLine(url: string, count: number) {
  const waiters: { socket: ClientSocket; guestId: string; first: WaitingRoomStatus }[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const guestId = newGuestId();
        const socket = await connectGuest(url, guestId);
        return { socket, guestId, first: await watch(socket) };
      }),
    );
    waiters.push(...batch);
  }
  for (const w of waiters) open.push({ close: () => w.socket.close() });
  return waiters.sort((a, b) => (a.first.position ?? 0) - (b.first.position ?? 0));
}

async function withStack(overrides: Record<string, string>): Promise<Stack> {
  // Workers start later, so nobody is admitted while the line forms.
  const stack = await startStack(testConfig(overrides), { workers: false });
  open.push(stack);
  return stack;
}

async function startAdmissions(config: Stack['app']['deps']['config']): Promise<RunningWorkers> {
  const workers = await startWorkers(
    { ...config, WORKER_QUEUES: ['waiting-room'] },
    createLogger('silent', 'worker'),
  );
  open.push(workers);
  return workers;
}

describe('a thousand waiters', () => {
  it('get places in arrival order, pushed positions that only go down, and enter in order', async () => {
    const stack = await withStack({
      WAITING_ROOM_MIN: '100',
      WAITING_ROOM_MAX: '100',
      // Access lasts a second without messages, so each tick after it frees room for the next hundred.
      WAITING_ROOM_IDLE_SECONDS: '1',
      WAITING_ROOM_TICK_MS: '250',
    });
    const config = stack.app.deps.config;
    const waiters = await joinLine(stack.url, 1000);
    expect(waiters.map((w) => w.first.status)).toEqual(Array(1000).fill('waiting'));
    expect(waiters.map((w) => w.first.position)).toEqual(
      Array.from({ length: 1000 }, (_, i) => i + 1),
    );

    const pushed = new Map<string, WaitingRoomStatus[]>();
    for (const w of waiters) {
      const log: WaitingRoomStatus[] = [];
      pushed.set(w.guestId, log);
      w.socket.on('waiting-room:status', (status) => log.push(status));
    }
    const listener = createRedis(testRedis(), 'subscriber');
    open.push({ close: () => listener.quit() });
    const admittedInOrder: string[] = [];
    listener.on('message', (_channel: string, raw: string) => {
      admittedInOrder.push(...WaitingRoomMovedSchema.parse(JSON.parse(raw)).admitted);
    });
    await listener.subscribe(redisKeys(config.REDIS_PREFIX).waitingRoom.channel);

    await startAdmissions(config);
    await expect.poll(() => admittedInOrder.length, { timeout: 45_000, interval: 200 }).toBe(1000);
    const users = await stack.app.deps.db
      .selectFrom('users')
      .select(['id', 'guest_id'])
      .where(
        'guest_id',
        'in',
        waiters.map((w) => w.guestId),
      )
      .execute();
    const userOfGuest = new Map(users.map((u) => [u.guest_id, u.id]));
    expect(admittedInOrder).toEqual(waiters.map((w) => userOfGuest.get(w.guestId)));

    // Every waiter hears access in the end; the last in line also heard the line move before.
    await expect
      .poll(() => [...pushed.values()].filter((l) => l.at(-1)?.status === 'access').length, {
        timeout: 15_000,
      })
      .toBe(1000);
    for (const w of waiters) {
      const positions = (pushed.get(w.guestId) ?? [])
        .filter((s) => s.status === 'waiting')
        .map((s) => s.position ?? 0);
      const sorted = [...positions].sort((a, b) => b - a);
      expect(positions).toEqual(sorted);
      expect(new Set(positions).size).toBe(positions.length);
      if (positions.length > 0) expect(positions[0]).toBeLessThan(w.first.position ?? 0);
    }
    const last = pushed.get(waiters.at(-1)?.guestId ?? '') ?? [];
    expect(last.filter((s) => s.status === 'waiting').length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

describe('waiters who leave', () => {
  it('leave holes that the positions of those behind them skip', async () => {
    const { REDIS_PREFIX: prefix } = testConfig();
    const redis = createRedis(testRedis(), 'command');
    open.push({ close: () => redis.quit() });
    const store = new WaitingRoomStore(redis, prefix, { idleMs: 60_000, turnMs: 60_000 });
    const now = Date.now();
    const ids = Array.from({ length: 5 }, () => randomUUID());
    // The second and third joined long ago and were not seen since: they left.
    const tickets: number[] = [];
    for (const [i, id] of ids.entries()) {
      const standing = await store.stand(
        id,
        'join',
        i === 1 || i === 2 ? now - 10 * ghostAfterMs : now,
      );
      if (standing.status !== 'waiting') throw new Error('expected to wait');
      expect(standing.position).toBe(i + 1);
      tickets.push(standing.ticket);
    }
    const moved = await store.admit({ capacity: 0, maxAdmit: 0, stateTtlMs: 10_000, now });
    expect(moved.admitted).toEqual([]);
    expect(moved.holes).toEqual([tickets[1], tickets[2]]);
    expect(moved.waiting).toBe(3);
    // Pushed positions and a fresh look agree: 1, then 2 and 3 for the fourth and fifth.
    const pushed = [0, 3, 4].map((i) => positionOf(tickets[i] ?? 0, moved.head, moved.holes));
    expect(pushed).toEqual([1, 2, 3]);
    const fifth = await store.stand(ids[4] ?? '', 'peek', now);
    expect(fifth).toMatchObject({ status: 'waiting', position: 3 });

    // Once the head passes the holes they are forgotten.
    const next = await store.admit({ capacity: 2, maxAdmit: 2, stateTtlMs: 10_000, now });
    expect(next.admitted).toEqual([ids[0], ids[3]]);
    expect(next.holes).toEqual([]);
    expect(positionOf(tickets[4] ?? 0, next.head, next.holes)).toBe(1);
  });
});

describe('generating without access', () => {
  it('is refused over the socket until the caller is let in', async () => {
    const stack = await withStack({ WAITING_ROOM_MIN: '1', WAITING_ROOM_MAX: '1' });
    const characterId = await createCharacter(stack.app.deps.db);
    const first = await connectGuest(stack.url, newGuestId());
    const second = await connectGuest(stack.url, newGuestId());
    open.push({ close: () => first.close() }, { close: () => second.close() });

    // Before any admission there is no known capacity: both wait.
    expect(await watch(first)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await watch(second)).toMatchObject({ status: 'waiting', position: 2 });
    const refused = await second.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Let me in',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'waiting_room' } });

    await startAdmissions(stack.app.deps.config);
    expect(await nextEvent(first, 'waiting-room:status')).toMatchObject({ status: 'access' });
    expect(await nextEvent(second, 'waiting-room:status')).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    const allowed = await first.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Hello',
    });
    expect(allowed.ok).toBe(true);
    const stillRefused = await second.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Let me in',
    });
    expect(stillRefused).toMatchObject({ ok: false, error: { code: 'waiting_room' } });
  });

  it('answers the status over REST without joining, and lets anyone chat with the bypass character', async () => {
    const stack = await withStack({ WAITING_ROOM_MIN: '1', WAITING_ROOM_MAX: '1' });
    const bypass = await createCharacter(stack.app.deps.db);
    const other = await createCharacter(stack.app.deps.db);
    const guestId = newGuestId();
    const res = await fetch(`${stack.url}/api/waiting-room`, {
      headers: { 'x-guest-id': guestId },
    });
    expect(res.status).toBe(200);
    expect(getWaitingRoom.response.parse(await res.json())).toMatchObject({
      status: 'none',
      position: null,
      bypass: null,
    });

    const withBypass = await withStack({
      WAITING_ROOM_MIN: '1',
      WAITING_ROOM_MAX: '1',
      WAITING_ROOM_BYPASS_CHARACTER_ID: bypass,
    });
    const socket = await connectGuest(withBypass.url, guestId);
    open.push({ close: () => socket.close() });
    expect(await watch(socket)).toMatchObject({ status: 'waiting', bypass });
    const toOther = await socket.emitWithAck('message:send', {
      characterId: other,
      conversationId: null,
      content: 'Hi',
    });
    expect(toOther).toMatchObject({ ok: false, error: { code: 'waiting_room' } });
    const toBypass = await socket.emitWithAck('message:send', {
      characterId: bypass,
      conversationId: null,
      content: 'Hi',
    });
    expect(toBypass.ok).toBe(true);
  });
});
