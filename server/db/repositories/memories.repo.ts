/**
 * Memories of conversations (memories) and the messages auto memories came from (memory_sources).
 * Ownership goes through the conversation: every read or change by a member names the member.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Memory } from '#shared/schemas/memory';
import type { Db } from '../database';
import type { Database, MemoriesTable } from '../tables';

type MemoryRow = Selectable<MemoriesTable> & { source_message_ids: string[] };

function toMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    content: row.content,
    isPinned: row.is_pinned,
    memoryType: row.memory_type,
    sourceMessageIds: row.source_message_ids,
    createdAt: row.created_at.toISOString(),
  };
}

/** The source message ids of the memory `m`, in chat order. */
function sourcesOf(eb: ExpressionBuilder<Database, 'memories'>) {
  return eb
    .fn<string[]>('array', [
      eb
        .selectFrom('memory_sources as s')
        .innerJoin('messages as sm', 'sm.id', 's.message_id')
        .select('s.message_id')
        .whereRef('s.memory_id', '=', 'memories.id')
        .orderBy('sm.created_at')
        .orderBy('sm.id'),
    ])
    .as('source_message_ids');
}

const memoryColumns = [
  'memories.id',
  'memories.conversation_id',
  'memories.content',
  'memories.is_pinned',
  'memories.memory_type',
  'memories.created_at',
  'memories.updated_at',
] as const;

/** Locks a conversation's row, so changes to its memories that count or check go one at a time. */
async function lockConversation(db: Db, conversationId: string): Promise<void> {
  await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .forUpdate()
    .execute();
}

/**
 * One page of a conversation's memories: pinned first, then newest first, keyset-paged by
 * (is_pinned, created_at, id) after `lastId`; `limit + 1` rows so the caller can tell the end.
 */
export async function listPage(
  db: Db,
  conversationId: string,
  page: { lastId?: string | undefined; limit: number },
): Promise<Memory[]> {
  let query = db
    .selectFrom('memories')
    .select(memoryColumns)
    .select(sourcesOf)
    .where('memories.conversation_id', '=', conversationId)
    .orderBy('memories.is_pinned', 'desc')
    .orderBy('memories.created_at', 'desc')
    .orderBy('memories.id', 'desc')
    .limit(page.limit + 1);
  const { lastId } = page;
  if (lastId !== undefined) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('memories.is_pinned', 'memories.created_at', 'memories.id'),
        '<',
        eb
          .selectFrom('memories as last')
          .select(['last.is_pinned', 'last.created_at', 'last.id'])
          .where('last.id', '=', lastId)
          .where('last.conversation_id', '=', conversationId)
          .$asTuple('is_pinned', 'created_at', 'id'),
      ),
    );
  }
  return (await query.execute()).map(toMemory);
}

/** A memory with the conversation it belongs to, when that conversation is the user's. */
export async function findOwned(
  db: Db,
  userId: string,
  id: string,
): Promise<(Memory & { conversationId: string }) | undefined> {
  const row = await db
    .selectFrom('memories')
    .innerJoin('conversations as c', 'c.id', 'memories.conversation_id')
    .select(memoryColumns)
    .select(sourcesOf)
    .where('memories.id', '=', id)
    .where('c.user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...toMemory(row), conversationId: row.conversation_id };
}

/** Writes a member's memory unless the conversation holds `limit` of theirs already ('full'). */
export async function createWithin(
  db: Db,
  conversationId: string,
  input: { content: string; isPinned: boolean },
  limit: number,
): Promise<Memory | 'full'> {
  return db.transaction().execute(async (trx) => {
    await lockConversation(trx, conversationId);
    const { n } = await trx
      .selectFrom('memories')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('conversation_id', '=', conversationId)
      .where('memory_type', '=', 'user')
      .executeTakeFirstOrThrow();
    if (Number(n) >= limit) return 'full';
    const row = await trx
      .insertInto('memories')
      .values({
        conversation_id: conversationId,
        content: input.content,
        is_pinned: input.isPinned,
        memory_type: 'user',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMemory({ ...row, source_message_ids: [] });
  });
}

/** Changes the content or the pin of one of the user's memories; undefined when they have no such one. */
export async function update(
  db: Db,
  userId: string,
  id: string,
  changes: { content?: string | undefined; isPinned?: boolean | undefined },
): Promise<Memory | undefined> {
  const result = await db
    .updateTable('memories')
    .set({
      ...(changes.content === undefined ? {} : { content: changes.content }),
      ...(changes.isPinned === undefined ? {} : { is_pinned: changes.isPinned }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb(
        'conversation_id',
        'in',
        eb.selectFrom('conversations').select('id').where('user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return findOwned(db, userId, id);
}

/** Deletes one of the user's memories; false when they have no such one. */
export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('memories')
    .where('id', '=', id)
    .where((eb) =>
      eb(
        'conversation_id',
        'in',
        eb.selectFrom('conversations').select('id').where('user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every memory of a conversation; answers how many went. */
export async function removeAll(db: Db, conversationId: string): Promise<number> {
  const result = await db
    .deleteFrom('memories')
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What a reply's prompt may hold: every pinned memory, then the newest `unpinned` others, pinned first
 * and newest first within each (the prompt builder decides how many fit). A query, so the reply reads it
 * with the rest of what it needs in one round trip (reply-context.repo.ts).
 */
export function forPromptQuery(db: Db, conversationId: string, unpinned: number) {
  const ranked = db
    .selectFrom('memories')
    .select([
      'content',
      'is_pinned',
      'created_at',
      'id',
      sql<number>`row_number() over (partition by is_pinned order by created_at desc, id desc)`.as(
        'rank',
      ),
    ])
    .where('conversation_id', '=', conversationId)
    .as('m');
  return db
    .selectFrom(ranked)
    .select(['m.content', 'm.is_pinned'])
    .where((eb) => eb.or([eb('m.is_pinned', '=', true), eb('m.rank', '<=', unpinned)]))
    .orderBy('m.is_pinned', 'desc')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc');
}

export function toPromptMemory(row: { content: string; is_pinned: boolean }): {
  content: string;
  isPinned: boolean;
} {
  return { content: row.content, isPinned: row.is_pinned };
}

/** Which of these messages an auto memory already came from. */
export async function summarisedAmong(db: Db, messageIds: readonly string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('memory_sources')
    .select('message_id')
    .where('message_id', 'in', messageIds)
    .execute();
  return new Set(rows.map((r) => r.message_id));
}

/**
 * Stores an auto memory linked to the messages it summarises, unless one of them was summarised
 * meanwhile (null): a message belongs to at most one memory, so a repeated job stores nothing twice.
 */
export async function insertAuto(
  db: Db,
  input: { conversationId: string; content: string; messageIds: string[] },
): Promise<Memory | null> {
  return db.transaction().execute(async (trx) => {
    await lockConversation(trx, input.conversationId);
    if ((await summarisedAmong(trx, input.messageIds)).size > 0) return null;
    const row = await trx
      .insertInto('memories')
      .values({
        conversation_id: input.conversationId,
        content: input.content,
        memory_type: 'other',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('memory_sources')
      .values(input.messageIds.map((messageId) => ({ memory_id: row.id, message_id: messageId })))
      .execute();
    return toMemory({ ...row, source_message_ids: input.messageIds });
  });
}

/** A memory as carried by a clone or a conversation file: its sources are message ids. */
export interface CarriedMemory {
  content: string;
  isPinned: boolean;
  memoryType: 'user' | 'other';
  sourceMessageIds: string[];
  createdAt: Date;
}

/** Every memory of a conversation with its sources, oldest first (for a clone or an export). */
export async function listAll(db: Db, conversationId: string): Promise<CarriedMemory[]> {
  const rows = await db
    .selectFrom('memories')
    .select(memoryColumns)
    .select(sourcesOf)
    .where('memories.conversation_id', '=', conversationId)
    .orderBy('memories.created_at')
    .orderBy('memories.id')
    .execute();
  return rows.map((r) => ({
    content: r.content,
    isPinned: r.is_pinned,
    memoryType: r.memory_type,
    sourceMessageIds: r.source_message_ids,
    createdAt: r.created_at,
  }));
}

/**
 * Stores carried memories in a conversation, in two statements whatever their number; the sources
 * must be messages of that conversation, each the source of one memory at most.
 */
export async function insertCarried(
  db: Db,
  conversationId: string,
  items: readonly CarriedMemory[],
): Promise<void> {
  if (items.length === 0) return;
  const withIds = items.map((m) => ({ ...m, id: randomUUID() }));
  await db
    .insertInto('memories')
    .values(
      withIds.map((m) => ({
        id: m.id,
        conversation_id: conversationId,
        content: m.content,
        is_pinned: m.isPinned,
        memory_type: m.memoryType,
        created_at: m.createdAt,
        updated_at: m.createdAt,
      })),
    )
    .execute();
  const sources = withIds.flatMap((m) =>
    m.sourceMessageIds.map((messageId) => ({ memory_id: m.id, message_id: messageId })),
  );
  for (let i = 0; i < sources.length; i += 1000) {
    await db
      .insertInto('memory_sources')
      .values(sources.slice(i, i + 1000))
      .execute();
  }
}
