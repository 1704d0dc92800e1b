/**
 * The creators leaderboard's page cache (product-rules.md §9: search cache 120 seconds), the one owner
 * of its Redis keys. Everyone's pages are kept 120 s; approving a month bumps a generation counter that
 * is part of every key, so the next read after an approval misses and reads the new month at once.
 * Admin reads (pending months) never go through it.
 */
import { leaderboardCacheSeconds } from '#shared/rules/leaderboard';
import { LeaderboardPageSchema, type LeaderboardPage } from '#shared/api/leaderboard';
import type { Redis } from './redis';
import { redisKeys } from './redis-keys';

export interface CacheKey {
  /** The month asked for, or null for the newest. */
  month: string | null;
  type: string;
  page: number;
}

export class LeaderboardCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private async keyOf(key: CacheKey): Promise<string> {
    const keys = redisKeys(this.prefix).leaderboard;
    const generation = Number((await this.redis.get(keys.generation)) ?? 0);
    return keys.page(generation, key.month ?? 'latest', key.type, key.page);
  }

  /** The cached page, or what `load` answers (then kept for 120 s). A broken entry is read again. */
  async read(key: CacheKey, load: () => Promise<LeaderboardPage>): Promise<LeaderboardPage> {
    const redisKey = await this.keyOf(key);
    const cached = await this.redis.get(redisKey);
    if (cached !== null) {
      const parsed = LeaderboardPageSchema.safeParse(parseJson(cached));
      if (parsed.success) return parsed.data;
    }
    const page = await load();
    await this.redis.set(redisKey, JSON.stringify(page), 'EX', leaderboardCacheSeconds);
    return page;
  }

  /** Makes every cached page stale (a month approved). */
  async invalidate(): Promise<void> {
    await this.redis.incr(redisKeys(this.prefix).leaderboard.generation);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
