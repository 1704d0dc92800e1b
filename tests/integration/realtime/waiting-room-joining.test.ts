/**
 * Who is in the waiting room and for how long (issue 7 part 9), against the real Redis and PostgreSQL:
 * browsing never joins the line, opening a chat or sending does; access ends after the idle time
 * without messages (so an idle or closed tab makes room), each message renews it up to the end of the
 * turn; and two hundred visitors opening a chat at once get distinct places that match the order
 * they are let in.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getWaitingRoom } from '#shared/api/waiting-room';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { createLogger } from '#server/lib/log';
import { createRedis } from '#server/lib/redis';
import { WaitingRoomStore } from '#server/lib/waiting-room';
import { startWorkers } from '#workers/start-workers';
import { testRedis, testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { getJson } from '../../support/http';
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

async function watch(socket: ClientSocket, join: boolean): Promise<WaitingRoomStatus> {
  const ack = await socket.emitWithAck('waiting-room:watch', { join });
  if (!ack.ok) throw new Error(ack.error.code);
  return ack.data;
}

/** The status as the REST call answers it (it never joins). */
function statusOf(stack: Stack, guestId: string): Promise<WaitingRoomStatus> {
  return getJson(`${stack.url}${getWaitingRoom.path}`, getWaitingRoom.response, guestId);
}

function send(socket: ClientSocket, characterId: string, content = 'Hello') {
  return socket.emitWithAck('message:send', { characterId, conversationId: null, content });
}

async function guest(stack: Stack): Promise<{ socket: ClientSocket; guestId: string }> {
  const guestId = newGuestId();
  const socket = await connectGuest(stack.url, guestId);
  open.push({ close: () => socket.close() });
  return { socket, guestId };
}

/** The product with the waiting room on; the admission job only runs once `admit` is called. */
async function withStack(overrides: Record<string, string>) {
  const stack = await startStack(testConfig({ WAITING_ROOM_TICK_MS: '200', ...overrides }), {
    workers: false,
  });
  open.push(stack);
  const admit = async () => {
    const workers = await startWorkers(
      { ...stack.app.deps.config, WORKER_QUEUES: ['waiting-room'] },
      createLogger('silent', 'worker'),
    );
    open.push(workers);
    // The first tick records the capacity; from then on a caller may be let in at once.
    await expect.poll(() => stack.app.deps.waitingRoom.store.state()).not.toBeNull();
  };
  return { stack, admit };
}

describe('browsing', () => {
  it('does not join the line; opening a chat does', async () => {
    const { stack } = await withStack({ WAITING_ROOM_MIN: '1', WAITING_ROOM_MAX: '1' });
    const { socket, guestId } = await guest(stack);

    expect(await statusOf(stack, guestId)).toMatchObject({ status: 'none', position: null });
    expect(await watch(socket, false)).toMatchObject({ status: 'none', position: null });
    expect((await stack.app.deps.waitingRoom.store.counts()).waiting).toBe(0);

    expect(await watch(socket, true)).toMatchObject({ status: 'waiting', position: 1 });
    expect((await stack.app.deps.waitingRoom.store.counts()).waiting).toBe(1);
    // Someone already in line sees their place while browsing, without joining twice.
    expect(await statusOf(stack, guestId)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await watch(socket, true)).toMatchObject({ status: 'waiting', position: 1 });
    expect((await stack.app.deps.waitingRoom.store.counts()).waiting).toBe(1);
  });
});

describe('sending', () => {
  it('joins the line of a caller who was not in it, and is refused until they are let in', async () => {
    const { stack, admit } = await withStack({ WAITING_ROOM_MIN: '1', WAITING_ROOM_MAX: '1' });
    const characterId = await createCharacter(stack.app.deps.db);
    const first = await guest(stack);
    const second = await guest(stack);

    expect(await send(first.socket, characterId)).toMatchObject({
      ok: false,
      error: { code: 'waiting_room' },
    });
    expect(await send(second.socket, characterId)).toMatchObject({
      ok: false,
      error: { code: 'waiting_room' },
    });
    expect(await statusOf(stack, first.guestId)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await watch(second.socket, false)).toMatchObject({ status: 'waiting', position: 2 });

    await admit();
    expect(await nextEvent(second.socket, 'waiting-room:status')).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    expect(await statusOf(stack, first.guestId)).toMatchObject({ status: 'access' });
    expect((await send(first.socket, characterId)).ok).toBe(true);
    expect(await send(second.socket, characterId)).toMatchObject({
      ok: false,
      error: { code: 'waiting_room' },
    });
  });

  it('lets a caller in at once when nobody waits and there is room', async () => {
    const { stack, admit } = await withStack({ WAITING_ROOM_MIN: '5', WAITING_ROOM_MAX: '5' });
    const characterId = await createCharacter(stack.app.deps.db);
    await admit();
    const { socket, guestId } = await guest(stack);
    expect(await statusOf(stack, guestId)).toMatchObject({ status: 'none' });
    expect((await send(socket, characterId)).ok).toBe(true);
    expect(await statusOf(stack, guestId)).toMatchObject({ status: 'access' });
  });
});

describe('access', () => {
  it('ends after the idle time without messages and lets the next caller in', async () => {
    const { stack, admit } = await withStack({
      WAITING_ROOM_MIN: '1',
      WAITING_ROOM_MAX: '1',
      WAITING_ROOM_IDLE_SECONDS: '1',
      WAITING_ROOM_ACCESS_SECONDS: '3600',
    });
    const characterId = await createCharacter(stack.app.deps.db);
    await admit();
    const idle = await guest(stack);
    const next = await guest(stack);
    expect(await watch(idle.socket, true)).toMatchObject({ status: 'access', timeLeft: 1 });
    expect(await watch(next.socket, true)).toMatchObject({ status: 'waiting', position: 1 });

    // The first caller sends nothing (or closed the tab): a second later the place is the next one's.
    idle.socket.close();
    expect(
      await nextEvent(next.socket, 'waiting-room:status', (s) => s.status === 'access', 10_000),
    ).toMatchObject({ status: 'access' });
    // Access that ran out is not a place in line: the idle caller is out until they chat again.
    expect(await statusOf(stack, idle.guestId)).toMatchObject({ status: 'none' });
    const back = await connectGuest(stack.url, idle.guestId);
    open.push({ close: () => back.close() });
    expect(await send(back, characterId)).toMatchObject({
      ok: false,
      error: { code: 'waiting_room' },
    });
    expect(await statusOf(stack, idle.guestId)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('is renewed by each message sent', async () => {
    const { stack, admit } = await withStack({
      WAITING_ROOM_MIN: '5',
      WAITING_ROOM_MAX: '5',
      WAITING_ROOM_IDLE_SECONDS: '30',
      WAITING_ROOM_ACCESS_SECONDS: '3600',
    });
    const characterId = await createCharacter(stack.app.deps.db);
    await admit();
    const { socket, guestId } = await guest(stack);
    expect(await watch(socket, true)).toMatchObject({ status: 'access' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const before = await statusOf(stack, guestId);
    expect(before).toMatchObject({ status: 'access' });
    expect(before.timeLeft).toBeLessThanOrEqual(28);

    expect((await send(socket, characterId)).ok).toBe(true);
    const after = await statusOf(stack, guestId);
    expect(after).toMatchObject({ status: 'access' });
    expect(after.timeLeft).toBeGreaterThanOrEqual(29);
  });

  it('renews up to the end of the turn, then ends; the next message lines up again', async () => {
    const { REDIS_PREFIX: prefix } = testConfig();
    const redis = createRedis(testRedis(), 'command');
    open.push({ close: () => redis.quit() });
    const store = new WaitingRoomStore(redis, prefix, { idleMs: 10_000, turnMs: 25_000 });
    const user = randomUUID();
    const t0 = Date.now();

    expect(await store.stand(user, 'peek', t0)).toEqual({ status: 'none' });
    expect(await store.stand(user, 'join', t0)).toMatchObject({ status: 'waiting', position: 1 });
    const step = await store.admit({ capacity: 5, maxAdmit: 5, stateTtlMs: 60_000, now: t0 });
    expect(step.admitted).toEqual([user]);
    expect(await store.stand(user, 'peek', t0)).toEqual({
      status: 'access',
      expiresAt: t0 + 10_000,
    });

    // A message renews access for the idle time from now; looking (peek) or opening (join) does not.
    expect(await store.stand(user, 'join', t0 + 8_000)).toEqual({
      status: 'access',
      expiresAt: t0 + 10_000,
    });
    expect(await store.stand(user, 'claim', t0 + 8_000)).toEqual({
      status: 'access',
      expiresAt: t0 + 18_000,
    });
    expect(await store.stand(user, 'peek', t0 + 12_000)).toMatchObject({ status: 'access' });
    // Never past the end of the turn.
    expect(await store.stand(user, 'claim', t0 + 17_000)).toEqual({
      status: 'access',
      expiresAt: t0 + 25_000,
    });
    expect(await store.stand(user, 'peek', t0 + 25_000)).toEqual({ status: 'none' });

    // The next message starts a new turn: in at once, since nobody waits and there is room.
    expect(await store.stand(user, 'claim', t0 + 26_000)).toEqual({
      status: 'access',
      expiresAt: t0 + 36_000,
    });
  });
});

describe('two hundred visitors opening a chat or sending at once', () => {
  it('get distinct places 1 to 200, in the order they are then let in', async () => {
    const { stack } = await withStack({ WAITING_ROOM_MIN: '1', WAITING_ROOM_MAX: '1' });
    const characterId = await createCharacter(stack.app.deps.db);
    const visitors: { socket: ClientSocket; guestId: string }[] = [];
    for (let i = 0; i < 200; i += 50) {
      visitors.push(...(await Promise.all(Array.from({ length: 50 }, () => guest(stack)))));
    }

    // Half open a chat, half send straight away, all at the same moment.
    const answers = await Promise.all(
      visitors.map(async (v, i) => {
        if (i % 2 === 0) return watch(v.socket, true);
        const refused = await send(v.socket, characterId);
        expect(refused).toMatchObject({ ok: false, error: { code: 'waiting_room' } });
        return statusOf(stack, v.guestId);
      }),
    );
    const positions = answers.map((a) => a.position ?? 0);
    expect(answers.every((a) => a.status === 'waiting')).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    // Asking again changes nothing.
    const again = await Promise.all(visitors.map((v) => statusOf(stack, v.guestId)));
    expect(again.map((a) => a.position)).toEqual(positions);

    // They are let in in exactly that order.
    const users = await stack.app.deps.db
      .selectFrom('users')
      .select(['id', 'guest_id'])
      .where(
        'guest_id',
        'in',
        visitors.map((v) => v.guestId),
      )
      .execute();
    const userOfGuest = new Map(users.map((u) => [u.guest_id, u.id]));
    const byPosition = visitors
      .map((v, i) => ({ userId: userOfGuest.get(v.guestId), position: positions[i] ?? 0 }))
      .sort((a, b) => a.position - b.position)
      .map((v) => v.userId);
    const step = await stack.app.deps.waitingRoom.store.admit({
      capacity: 200,
      maxAdmit: 200,
      stateTtlMs: 10_000,
    });
    expect(step.admitted).toEqual(byPosition);
  }, 120_000);
});
