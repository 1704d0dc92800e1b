/**
 * A group conversation's round (issue 12 §8; docs/style.md, "Ownership"): the one module that reads
 * and writes its Redis counter. A user's message, Stop, or Auto Response switched off starts a new
 * round; a group turn carries the round it was queued in and is dropped once a newer one began, so
 * a chain of bot replies ends at once without finding and removing its jobs.
 */
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

/** A round outlives any chain of replies; an idle conversation's counter expires. */
const ttlSeconds = 24 * 3600;

export class GroupRounds {
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  /** Starts a new round; answers its number. */
  async next(conversationId: string): Promise<number> {
    const key = this.keys.groupRound(conversationId);
    const [[, round] = []] =
      (await this.redis.multi().incr(key).expire(key, ttlSeconds).exec()) ?? [];
    return Number(round);
  }

  /** The current round (0 before the first). */
  async current(conversationId: string): Promise<number> {
    return Number((await this.redis.get(this.keys.groupRound(conversationId))) ?? 0);
  }
}
