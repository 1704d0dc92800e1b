/**
 * Characters and the lorebooks they carry, cached in the process: they change rarely, and every
 * message sent and every reply written reads them (docs/performance.md, trap 7). While the process
 * hears the database's change notifications (character-changes.ts) an entry stays until its character
 * changes, or for `fedTtlMs` at most (the creator's username, read with it, notifies nothing); without
 * them, an edit applies to new messages within `unfedTtlMs`.
 */
import type { ScanBook } from '#shared/rules/lore-scan';
import type { Db } from './database';
import * as cards from './repositories/character-cards.repo';
import * as characters from './repositories/characters.repo';
import { scanBooksOf } from './repositories/lorebooks.repo';

type Character = Awaited<ReturnType<typeof characters.findById>>;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

const fedTtlMs = 5 * 60_000;
const unfedTtlMs = 10_000;
const maxEntries = 10_000;

/** One kind of cached read by character id: one read serves every caller asking meanwhile. */
class ById<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly read: (id: string) => Promise<T>) {}

  get(id: string, ttlMs: number): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit !== undefined && now - hit.at < ttlMs) return hit.value;
    const value = this.read(id);
    const entry = { at: now, value };
    this.entries.set(id, entry);
    // A failed read is not kept: the next caller asks the database again.
    value.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    if (this.entries.size > maxEntries) this.evictOlderThan(now - ttlMs);
    return value;
  }

  forget(id: string | null): void {
    if (id === null) this.entries.clear();
    else this.entries.delete(id);
  }

  private evictOlderThan(at: number): void {
    for (const [id, entry] of this.entries) if (entry.at <= at) this.entries.delete(id);
  }
}

export class CharacterCache {
  private readonly characters: ById<Character>;
  private readonly books: ById<ScanBook[]>;
  private readonly cards: ById<cards.CardChat>;
  /** Whether change notifications reach this cache (character-changes.ts says so). */
  private isFed = false;

  constructor(db: Db) {
    this.characters = new ById((id) => characters.findById(db, id));
    this.books = new ById((id) => scanBooksOf(db, id));
    this.cards = new ById((id) => cards.findCardChat(db, id));
  }

  /** The character (undefined when there is none). */
  get(id: string): Promise<Character> {
    return this.characters.get(id, this.ttlMs());
  }

  /** The enabled entries of the lorebooks the character carries, by book, for scanning. */
  lorebooks(id: string): Promise<ScanBook[]> {
    return this.books.get(id, this.ttlMs());
  }

  /** What the character's card brings to a chat: its prompts and other greetings. */
  card(id: string): Promise<cards.CardChat> {
    return this.cards.get(id, this.ttlMs());
  }

  /**
   * Drops what is held of a character (null: of every character); `isFed` says whether later changes
   * will be heard. A notification read while the change's transaction was still open cannot be
   * missed: PostgreSQL notifies at commit.
   */
  forget(id: string | null, isFed = this.isFed): void {
    this.isFed = isFed;
    this.characters.forget(id);
    this.books.forget(id);
    this.cards.forget(id);
  }

  private ttlMs(): number {
    return this.isFed ? fedTtlMs : unfedTtlMs;
  }
}
