/**
 * One admission tick of the waiting room: capacity follows the live generation pool (slots times users
 * per slot, between WAITING_ROOM_MIN and WAITING_ROOM_MAX), nobody is admitted while the pool is
 * saturated, and every server hears how the line moved.
 */
import type { Queue } from 'bullmq';
import type { WaitingRoomMoved } from '#shared/realtime/frames';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';
import type { WaitingRoomStore } from '#server/lib/waiting-room';
import { poolSlots } from '#server/lib/worker-pool';
import { redisKeys } from '#server/lib/redis-keys';

export interface AdmitDeps {
  redis: Redis;
  prefix: string;
  store: WaitingRoomStore;
  generation: Queue;
  log: Logger;
  min: number;
  max: number;
  usersPerSlot: number;
  tickMs: number;
}

/** How many may hold access at once for a pool of this size. */
export function capacityFor(
  slots: number,
  opts: { min: number; max: number; usersPerSlot: number },
) {
  return Math.min(opts.max, Math.max(opts.min, slots * opts.usersPerSlot));
}

export async function admitWaiters(deps: AdmitDeps): Promise<void> {
  const [pool, counts] = await Promise.all([
    poolSlots(deps.redis, deps.prefix),
    deps.generation.getJobCounts('wait', 'prioritized'),
  ]);
  const backlog = (counts.wait ?? 0) + (counts.prioritized ?? 0);
  const capacity = capacityFor(pool.slots, deps);
  // More replies queued than the pool can start at once: let nobody new in until it catches up.
  const maxAdmit = backlog > pool.slots ? 0 : capacity;
  const result = await deps.store.admit({ capacity, maxAdmit, stateTtlMs: deps.tickMs * 10 });
  const moved: WaitingRoomMoved = {
    head: result.head,
    holes: result.holes,
    admitted: result.admitted,
    at: Date.now(),
  };
  await deps.redis.publish(redisKeys(deps.prefix).waitingRoom.channel, JSON.stringify(moved));
  if (result.admitted.length > 0) {
    deps.log.debug(
      { admitted: result.admitted.length, waiting: result.waiting, capacity, slots: pool.slots },
      'waiting room admitted',
    );
  }
}
