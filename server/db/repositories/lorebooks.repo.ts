/**
 * Lorebooks, their entries and the books chatbots carry. Changes to a book's entries lock the book's
 * row first, so concurrent adds and deletes of one book run one after another: the 100-entry limit
 * and "at least one entry" both hold. Attaching locks the chatbot's row for its per-chatbot limit.
 */
import { sql } from 'kysely';
import { privateVisibilities } from '#shared/rules/character';
import type { ScanBook } from '#shared/rules/lore-scan';
import type {
  AttachedLorebook,
  Lorebook,
  LorebookEntry,
  LorebookEntryFields,
  LorebookSummary,
} from '#shared/schemas/lorebook';
import type { Db } from '../database';
import { lockCharacter } from './characters.repo';
import type { LorebookEntriesTable } from '../tables';
import type { Selectable } from 'kysely';

export type BookFields = Pick<
  Lorebook,
  'name' | 'description' | 'avatarUrl' | 'tags' | 'scanDepth' | 'tokenBudget' | 'recursiveScanning'
>;

export type EntryFields = LorebookEntryFields;

type EntryRow = Omit<Selectable<LorebookEntriesTable>, 'lorebook_id' | 'position' | 'created_at'>;

/** An entry's fields as stored (all but its id and timestamp). */
function toEntryFields(row: EntryRow): EntryFields {
  return {
    name: row.name,
    keywords: row.keywords,
    content: row.content,
    priority: row.priority,
    insertionOrder: row.insertion_order,
    enabled: row.enabled,
    constant: row.constant,
    secondaryKeywords: row.secondary_keywords,
    selectiveLogic: row.selective_logic,
    caseSensitive: row.case_sensitive,
    matchWholeWords: row.match_whole_words,
    probability: row.probability,
    placement: row.placement,
    depth: row.depth,
    excludeRecursion: row.exclude_recursion,
    preventRecursion: row.prevent_recursion,
    delayUntilRecursion: row.delay_until_recursion,
    extensions: row.extensions,
  };
}

function toEntry(row: EntryRow): LorebookEntry {
  return { id: row.id, ...toEntryFields(row), updatedAt: row.updated_at.toISOString() };
}

function entryValues(e: EntryFields) {
  return {
    name: e.name,
    keywords: e.keywords,
    content: e.content,
    priority: e.priority,
    insertion_order: e.insertionOrder,
    enabled: e.enabled,
    constant: e.constant,
    secondary_keywords: e.secondaryKeywords,
    selective_logic: e.selectiveLogic,
    case_sensitive: e.caseSensitive,
    match_whole_words: e.matchWholeWords,
    probability: e.probability,
    placement: e.placement,
    depth: e.depth,
    exclude_recursion: e.excludeRecursion,
    prevent_recursion: e.preventRecursion,
    delay_until_recursion: e.delayUntilRecursion,
    extensions: JSON.stringify(e.extensions),
  };
}

function bookValues(b: BookFields) {
  return {
    name: b.name,
    description: b.description,
    avatar_url: b.avatarUrl,
    tags: b.tags,
    scan_depth: b.scanDepth,
    token_budget: b.tokenBudget,
    recursive_scanning: b.recursiveScanning,
  };
}

function summaries(db: Db) {
  return db
    .selectFrom('lorebooks as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select((eb) => [
      'l.id',
      'l.user_id',
      'l.name',
      'l.description',
      'l.avatar_url',
      'l.tags',
      'l.scan_depth',
      'l.token_budget',
      'l.recursive_scanning',
      'l.created_at',
      'l.updated_at',
      'u.username',
      eb
        .selectFrom('lorebook_entries as e')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('e.lorebook_id', '=', 'l.id')
        .as('num_entries'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): LorebookSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatarUrl: row.avatar_url,
    tags: row.tags,
    creatorUsername: row.username ?? null,
    numEntries: Number(row.num_entries ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The member's books, newest first. */
export async function listForUser(db: Db, userId: string): Promise<LorebookSummary[]> {
  const rows = await summaries(db)
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .execute();
  return rows.map(toSummary);
}

/** Who created a book, or undefined when it does not exist. */
export async function ownerOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('lorebooks')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

/** Who created a book and whether only they may read it, or undefined when it does not exist. */
export async function accessOf(
  db: Db,
  id: string,
): Promise<{ userId: string; isOwnerOnly: boolean } | undefined> {
  const row = await db
    .selectFrom('lorebooks')
    .select(['user_id', 'owner_only'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { userId: row.user_id, isOwnerOnly: row.owner_only };
}

/** A book with its entries in book order; `viewerId` decides isOwner. */
export async function findById(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<Lorebook | undefined> {
  const [row, entries] = await Promise.all([
    summaries(db).where('l.id', '=', id).executeTakeFirst(),
    db
      .selectFrom('lorebook_entries')
      .selectAll()
      .where('lorebook_id', '=', id)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
  ]);
  if (!row) return undefined;
  return {
    ...toSummary(row),
    scanDepth: row.scan_depth,
    tokenBudget: row.token_budget,
    recursiveScanning: row.recursive_scanning,
    isOwner: viewerId !== null && viewerId === row.user_id,
    entries: entries.map(toEntry),
  };
}

/** Creates a book with all its entries in one transaction: it is written whole or not at all. */
export async function create(
  db: Db,
  userId: string,
  book: BookFields,
  entries: readonly EntryFields[],
): Promise<string> {
  return db.transaction().execute((trx) => insertWithEntries(trx, userId, book, entries));
}

/**
 * Inserts a book and its entries inside the caller's transaction (a card import writes its book with
 * the chatbot); `isOwnerOnly` makes it readable by its creator alone.
 */
export async function insertWithEntries(
  trx: Db,
  userId: string,
  book: BookFields,
  entries: readonly EntryFields[],
  opts: { isOwnerOnly?: boolean } = {},
): Promise<string> {
  const { id } = await trx
    .insertInto('lorebooks')
    .values({ user_id: userId, ...bookValues(book), owner_only: opts.isOwnerOnly ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (entries.length > 0) {
    await trx
      .insertInto('lorebook_entries')
      .values(entries.map((e, i) => ({ lorebook_id: id, position: i, ...entryValues(e) })))
      .execute();
  }
  return id;
}

/** Attaches a book to a chatbot just created in the same transaction (it carries none yet). */
export async function attachNew(trx: Db, characterId: string, lorebookId: string): Promise<void> {
  await trx
    .insertInto('character_lorebooks')
    .values({ character_id: characterId, lorebook_id: lorebookId })
    .execute();
}

export async function update(db: Db, id: string, book: BookFields): Promise<boolean> {
  const result = await db
    .updateTable('lorebooks')
    .set({ ...bookValues(book), updated_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function remove(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lorebooks').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

async function lockBook(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('lorebooks')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

async function touchBook(db: Db, id: string): Promise<void> {
  await db
    .updateTable('lorebooks')
    .set({ updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Adds an entry at the end of the book unless it holds `max` already. */
export async function addEntry(
  db: Db,
  bookId: string,
  entry: EntryFields,
  max: number,
): Promise<LorebookEntry | 'missing' | 'full'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockBook(trx, bookId))) return 'missing';
    const { n, last } = await trx
      .selectFrom('lorebook_entries')
      .select((eb) => [
        eb.fn.countAll<string>().as('n'),
        eb.fn.max<number | null>('position').as('last'),
      ])
      .where('lorebook_id', '=', bookId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return 'full';
    const row = await trx
      .insertInto('lorebook_entries')
      .values({ lorebook_id: bookId, position: (last ?? -1) + 1, ...entryValues(entry) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touchBook(trx, bookId);
    return toEntry(row);
  });
}

export async function updateEntry(
  db: Db,
  bookId: string,
  entryId: string,
  entry: EntryFields,
): Promise<LorebookEntry | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('lorebook_entries')
      .set({ ...entryValues(entry), updated_at: sql`now()` })
      .where('id', '=', entryId)
      .where('lorebook_id', '=', bookId)
      .returningAll()
      .executeTakeFirst();
    if (row) await touchBook(trx, bookId);
    return row && toEntry(row);
  });
}

/** Deletes an entry while the book keeps at least one. */
export async function removeEntry(
  db: Db,
  bookId: string,
  entryId: string,
): Promise<'removed' | 'missing' | 'last'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockBook(trx, bookId))) return 'missing';
    const entries = await trx
      .selectFrom('lorebook_entries')
      .select('id')
      .where('lorebook_id', '=', bookId)
      .execute();
    if (!entries.some((e) => e.id === entryId)) return 'missing';
    if (entries.length <= 1) return 'last';
    await trx.deleteFrom('lorebook_entries').where('id', '=', entryId).execute();
    await touchBook(trx, bookId);
    return 'removed';
  });
}

/** The books a chatbot carries, in the order they were attached. */
export async function attachedTo(db: Db, characterId: string): Promise<AttachedLorebook[]> {
  const rows = await db
    .selectFrom('character_lorebooks as cl')
    .innerJoin('lorebooks as l', 'l.id', 'cl.lorebook_id')
    .select((eb) => [
      'l.id',
      'l.name',
      eb
        .selectFrom('lorebook_entries as e')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('e.lorebook_id', '=', 'l.id')
        .as('num_entries'),
    ])
    .where('cl.character_id', '=', characterId)
    .orderBy('cl.created_at')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, numEntries: Number(r.num_entries ?? 0) }));
}

/** Attaches a book (again: a no-op) unless the chatbot carries `max` books already. */
export async function attach(
  db: Db,
  characterId: string,
  lorebookId: string,
  max: number,
): Promise<'attached' | 'full'> {
  return db.transaction().execute(async (trx) => {
    await lockCharacter(trx, characterId);
    const rows = await trx
      .selectFrom('character_lorebooks')
      .select('lorebook_id')
      .where('character_id', '=', characterId)
      .execute();
    if (rows.some((r) => r.lorebook_id === lorebookId)) return 'attached';
    if (rows.length >= max) return 'full';
    await trx
      .insertInto('character_lorebooks')
      .values({ character_id: characterId, lorebook_id: lorebookId })
      .onConflict((oc) => oc.columns(['character_id', 'lorebook_id']).doNothing())
      .execute();
    return 'attached';
  });
}

export async function detach(db: Db, characterId: string, lorebookId: string): Promise<void> {
  await db
    .deleteFrom('character_lorebooks')
    .where('character_id', '=', characterId)
    .where('lorebook_id', '=', lorebookId)
    .execute();
}

/**
 * What scanning needs of every book a chatbot carries, one row per enabled entry, books in attach order.
 * Books work on private chatbots only (product-core.md §6): one made public or unlisted keeps its books
 * attached, unread, until it is private again.
 */
function scanRowsQuery(db: Db, characterId: string) {
  return db
    .selectFrom('character_lorebooks as cl')
    .innerJoin('characters as c', 'c.id', 'cl.character_id')
    .innerJoin('lorebooks as l', 'l.id', 'cl.lorebook_id')
    .innerJoin('lorebook_entries as e', 'e.lorebook_id', 'l.id')
    .selectAll('e')
    .select(['l.id as book_id', 'l.scan_depth', 'l.token_budget', 'l.recursive_scanning'])
    .where('cl.character_id', '=', characterId)
    .where('c.visibility', 'in', privateVisibilities)
    .where('e.enabled', '=', true)
    .orderBy('cl.created_at')
    .orderBy('l.id')
    .orderBy('e.position');
}

type ScanRow = Awaited<ReturnType<ReturnType<typeof scanRowsQuery>['execute']>>[number];

/** The rows of `scanRowsQuery` grouped into books. */
function toScanBooks(rows: readonly ScanRow[]): ScanBook[] {
  const books = new Map<string, ScanBook & { entries: ScanBook['entries'][number][] }>();
  for (const r of rows) {
    let book = books.get(r.book_id);
    if (!book) {
      book = {
        scanDepth: r.scan_depth,
        tokenBudget: r.token_budget,
        recursiveScanning: r.recursive_scanning,
        entries: [],
      };
      books.set(r.book_id, book);
    }
    book.entries.push({ id: r.id, ...toEntryFields(r) });
  }
  return [...books.values()];
}

/** The enabled entries of the lorebooks a character carries, by book (server/db/character-cache.ts). */
export async function scanBooksOf(db: Db, characterId: string): Promise<ScanBook[]> {
  return toScanBooks(await scanRowsQuery(db, characterId).execute());
}
