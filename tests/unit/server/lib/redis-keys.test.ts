/**
 * The hash tags of lib/redis-keys.ts: on a Redis Cluster the keys one command, MULTI or script touches
 * together must hash to one slot, and unrelated records should spread over the slots (and so over the
 * masters). Slots are computed as Redis does: CRC16 (XMODEM) of the key's hash tag, modulo 16384.
 */
import { describe, expect, it } from 'vitest';
import { redisKeys } from '#server/lib/redis-keys';
import { billingQueue } from '#shared/jobs/billing';
import { generationQueue } from '#shared/jobs/generation';
import { groupTurnsQueue } from '#shared/jobs/group-turns';
import { imagesQueue } from '#shared/jobs/images';
import { leaderboardQueue } from '#shared/jobs/leaderboard';
import { maintenanceQueue } from '#shared/jobs/maintenance';
import { moderationQueue } from '#shared/jobs/moderation';
import { notificationsQueue } from '#shared/jobs/notifications';
import { speechQueue } from '#shared/jobs/speech';
import { translationQueue } from '#shared/jobs/translation';
import { waitingRoomQueue } from '#shared/jobs/waiting-room';

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The cluster slot of a key: of its hash tag (the first non-empty `{…}`), else of all of it. */
function slotOf(key: string): number {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(new TextEncoder().encode(hashed)) % 16384;
}

/** Which of a 3-master cluster's even slot ranges (redis-cli --cluster create) holds the slot. */
function masterOf(slot: number): number {
  return slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2;
}

const keys = redisKeys('charchat:');
const conversationIds = Array.from(
  { length: 100 },
  (_, i) => `0b6a3c3e-8f4e-4d1a-9c55-${String(i).padStart(12, '0')}`,
);
const queues = [
  billingQueue,
  generationQueue,
  groupTurnsQueue,
  imagesQueue,
  leaderboardQueue,
  maintenanceQueue,
  moderationQueue,
  notificationsQueue,
  speechQueue,
  translationQueue,
  waitingRoomQueue,
];

function expectOneSlot(group: readonly string[]): void {
  expect(new Set(group.map(slotOf)).size, group.join(' ')).toBe(1);
}

describe('slotOf', () => {
  it('agrees with CLUSTER KEYSLOT', () => {
    expect(slotOf('somekey')).toBe(11058);
    expect(slotOf('foo{hash_tag}')).toBe(2515);
    expect(slotOf('a{}b')).toBe(13694);
  });
});

describe('redisKeys on a cluster', () => {
  it("keeps a conversation's reply records, stop flags, draft, round and channel in one slot", () => {
    for (const id of conversationIds.slice(0, 10)) {
      expectOneSlot([
        keys.inflight(id),
        keys.inflightText(id),
        keys.conversationChannel(id),
        keys.stop(id, 'a-reply'),
        keys.stop(id, ''),
        keys.autopilotDraft(id),
        keys.groupRound(id),
        keys.missedReply(id),
      ]);
    }
  });

  it('spreads conversations over the slots and all three masters', () => {
    const slots = conversationIds.map((id) => slotOf(keys.inflight(id)));
    expect(new Set(slots).size).toBeGreaterThan(95);
    const perMaster = [0, 0, 0];
    for (const slot of slots) perMaster[masterOf(slot)] = (perMaster[masterOf(slot)] ?? 0) + 1;
    for (const count of perMaster) expect(count).toBeGreaterThan(20);
  });

  it("keeps each queue's BullMQ keys in one slot and puts every queue on a slot of its own", () => {
    for (const queue of queues) {
      const bull = keys.bull(queue);
      expectOneSlot(
        ['wait', 'active', 'meta', 'events', 'id', 'job-1'].map((k) => `${bull}:${queue}:${k}`),
      );
    }
    expect(new Set(queues.map((queue) => slotOf(keys.bull(queue)))).size).toBe(queues.length);
  });

  it('keeps the records that scripts and transactions take together in one slot each', () => {
    const { channel, ...waitingRoom } = keys.waitingRoom;
    expect(channel).not.toContain('{');
    expectOneSlot(Object.values(waitingRoom));
    expectOneSlot([keys.workerPool, keys.workerSlots]);
    expectOneSlot([
      keys.rateLimit.guestMessages('a-guest'),
      keys.rateLimit.guestMessagesIp('203.0.113.7'),
    ]);
    expectOneSlot([
      keys.paymentsSandbox.payment('pay_1'),
      keys.paymentsSandbox.paymentByKey('idempotency-key'),
    ]);
  });

  it('spreads per-user records over the slots', () => {
    const users = conversationIds;
    for (const key of [
      (id: string) => keys.endedSession(id),
      (id: string) => keys.restrictions(id),
      (id: string) => keys.rateLimit.memberMessages(id),
      (id: string) => keys.lastWrite(id),
    ]) {
      expect(new Set(users.map((id) => slotOf(key(id)))).size).toBeGreaterThan(95);
    }
  });
});

describe('conversationOfChannel', () => {
  it("reads the conversation of its install's channels only", () => {
    const id = conversationIds[0] ?? '';
    expect(keys.conversationOfChannel(keys.conversationChannel(id))).toBe(id);
    expect(keys.conversationOfChannel(redisKeys('other:').conversationChannel(id))).toBeUndefined();
    expect(keys.conversationOfChannel(keys.inflight(id))).toBeUndefined();
    expect(keys.conversationOfChannel(keys.controlChannel)).toBeUndefined();
    expect(keys.conversationOfChannel(`charchat:{conv:}`)).toBeUndefined();
  });
});
