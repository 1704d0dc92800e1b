/**
 * Characters cached briefly in the process: they change rarely, and every message sent and every reply
 * written reads one (docs/performance.md, trap 7). An edit applies to new messages within `ttlMs`.
 */
import type { Db } from './database';
import * as characters from './repositories/characters.repo';

type Character = Awaited<ReturnType<typeof characters.findById>>;

const defaultTtlMs = 10_000;

export class CharacterCache {
  private readonly entries = new Map<string, { at: number; character: Promise<Character> }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = defaultTtlMs,
  ) {}

  /** The character, from the cache while fresh; one read serves every reply asking meanwhile. */
  get(id: string): Promise<Character> {
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit !== undefined && now - hit.at < this.ttlMs) return hit.character;
    const character = characters.findById(this.db, id);
    this.entries.set(id, { at: now, character });
    // A failed read is not kept: the next reply asks the database again.
    void character.catch(() => {
      this.entries.delete(id);
    });
    if (this.entries.size > 10_000) this.evictStale(now);
    return character;
  }

  private evictStale(now: number): void {
    for (const [id, entry] of this.entries) {
      if (now - entry.at >= this.ttlMs) this.entries.delete(id);
    }
  }
}
