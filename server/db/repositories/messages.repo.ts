import { sql } from 'kysely';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../database';
import { toMessage } from '../mappers';
import type { MessageRow, NewMessage } from '../tables';

export async function findById(db: Db, id: string): Promise<Message | undefined> {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMessage(row);
}

/** The messages with these ids (in no particular order); for the last messages of a list page. */
export async function findByIds(db: Db, ids: readonly string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
  return rows.map(toMessage);
}

/**
 * The branch ending at `headId`, walking prev_id links back at most `limit` messages; returned in
 * chat order (oldest first).
 */
export async function branchEndingAt(db: Db, headId: string, limit: number): Promise<Message[]> {
  const result = await branchQuery(headId, limit).execute(db);
  return result.rows.map(toMessage);
}

/**
 * The statement of `branchEndingAt`: a walk along prev_id by primary key, one index probe per message,
 * so a page costs the same in a chat of ten messages or ten thousand (its plan is checked in
 * tests/integration/db/message-pages.test.ts).
 */
export function branchQuery(headId: string, limit: number) {
  return sql<MessageRow>`
    with recursive chain as (
      select m.*, 1 as depth from messages m where m.id = ${headId}
      union all
      select m.*, chain.depth + 1 from messages m join chain on m.id = chain.prev_id
      where chain.depth < ${limit}
    )
    select id, conversation_id, prev_id, role, content, is_alternative, is_stopped, queue_wait_ms,
      first_token_ms, token_count, tokens_per_second, rating, rating_reasons, sub_character_id,
      created_at
    from chain order by depth desc`;
}

/** The branch ending at a conversation's head (its last message), oldest first, at most `limit` long. */
export async function branchAtHead(
  db: Db,
  conversationId: string,
  limit: number,
): Promise<Message[]> {
  const result = await sql<MessageRow>`
    with recursive chain as (
      select m.*, 1 as depth from messages m
      where m.id = (select last_message_id from conversations where id = ${conversationId})
      union all
      select m.*, chain.depth + 1 from messages m join chain on m.id = chain.prev_id
      where chain.depth < ${limit}
    )
    select id, conversation_id, prev_id, role, content, is_alternative, is_stopped, queue_wait_ms,
      first_token_ms, token_count, tokens_per_second, rating, rating_reasons, sub_character_id,
      created_at
    from chain order by depth desc`.execute(db);
  return result.rows.map(toMessage);
}

/**
 * Starts a conversation with its greeting (if any) and the user's first message, in one statement
 * (docs/performance.md, trap 7). All are dated from one clock reading, the greetings a millisecond
 * apart before the message, in the order given, so they never tie or swap (PostgreSQL may run the
 * greetings' insert after the message's) and their alternatives browse in that order.
 */
export async function startConversation(
  db: Db,
  input: {
    conversationId: string;
    userId: string;
    characterId: string;
    userPersonaId: string | null;
    /**
     * The greeting the user's message answers, with the other greetings kept as its alternatives (in
     * the order browsed, `chosen` among them); in a group chat they name the member who greets.
     */
    greeting: {
      chosenId: string;
      all: readonly { id: string; content: string }[];
      subCharacterId?: string | null;
    } | null;
    message: { id: string; content: string };
  },
): Promise<Message> {
  const { conversationId: id, greeting, message } = input;
  const all = greeting?.all ?? [];
  const result = await sql<MessageRow>`
    with at as materialized (select clock_timestamp() as t),
    conversation as (
      insert into conversations
        (id, user_id, character_id, last_message_id, message_count, user_persona_id)
      values (${id}, ${input.userId}, ${input.characterId}, ${message.id}, ${greeting ? 2 : 1},
        ${input.userPersonaId})
    ),
    greeting as (
      insert into messages (id, conversation_id, prev_id, role, content, is_alternative,
        sub_character_id, created_at)
      select g.id, ${id}::uuid, null, 'bot', g.content, g.id <> ${greeting?.chosenId ?? null}::uuid,
        ${greeting?.subCharacterId ?? null}::uuid,
        at.t - (${all.length}::int - g.n + 1) * interval '1 millisecond'
      from at, unnest(${sql.val(all.map((g) => g.id))}::uuid[],
        ${sql.val(all.map((g) => g.content))}::text[]) with ordinality as g(id, content, n)
    )
    insert into messages (id, conversation_id, prev_id, role, content, created_at)
    select ${message.id}, ${id}, ${greeting?.chosenId ?? null}, 'user', ${message.content}, at.t
    from at
    returning *`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('message insert returned nothing');
  return toMessage(row);
}

/**
 * Appends the user's message at the head of their conversation with the character, moving the head in
 * the same statement. Undefined when no such conversation of theirs exists.
 */
export async function appendUserMessage(
  db: Db,
  input: {
    conversationId: string;
    userId: string;
    characterId: string;
    message: { id: string; content: string };
  },
): Promise<Message | undefined> {
  const { message } = input;
  const result = await sql<MessageRow>`
    with old as (
      select id, last_message_id from conversations
      where id = ${input.conversationId} and user_id = ${input.userId}
        and character_id = ${input.characterId}
    ),
    head as (
      update conversations c
      set last_message_id = ${message.id}, message_count = c.message_count + 1, updated_at = now()
      from old where c.id = old.id
      returning old.last_message_id as prev_id
    )
    insert into messages (id, conversation_id, prev_id, role, content)
    select ${message.id}, ${input.conversationId}, head.prev_id, 'user', ${message.content}
    from head
    returning *`.execute(db);
  const row = result.rows[0];
  return row ? toMessage(row) : undefined;
}

/**
 * Stores a finished reply once (a job run again after a crash finds it there), moves the head, and
 * counts the exchange on the character here rather than on the send path (performance.md, trap 7).
 */
export async function storeReply(
  db: Db,
  reply: NewMessage & { id: string; conversation_id: string },
  characterId: string,
): Promise<Message> {
  const columns = Object.keys(reply);
  const values = Object.values(reply).map((v) => (v instanceof Date ? v.toISOString() : v));
  const result = await sql<MessageRow>`
    with inserted as (
      insert into messages (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(values)})
      on conflict (id) do nothing
      returning *
    ),
    head as (
      update conversations
      set last_message_id = ${reply.id}, message_count = message_count + 1, updated_at = now()
      where id = ${reply.conversation_id} and exists (select 1 from inserted)
    ),
    counted as (
      update characters set num_messages = num_messages + 2, num_messages_24h = num_messages_24h + 2
      where id = ${characterId} and exists (select 1 from inserted)
    )
    select * from inserted
    union all
    select * from messages where id = ${reply.id} and not exists (select 1 from inserted)`.execute(
    db,
  );
  const row = result.rows[0];
  if (!row) throw new Error('reply insert returned nothing');
  return toMessage(row);
}

/**
 * Copies messages of one conversation into another under new ids, links and speakers kept (in a group
 * chat each bot message names the member who spoke it): every message when `headId` is the source's
 * head and `isFull`, else the branch ending at `headId` with the alternatives hanging off it above the
 * head. Answers the copy's head and its branch length (undefined when the head is not a message of the
 * source). One statement, so a long chat clones in one round trip.
 */
export async function copyInto(
  db: Db,
  input: {
    fromId: string;
    toId: string;
    headId: string;
    isFull: boolean;
    /** Old ids whose new id the caller needs (a memory's sources); those copied come back in `newIds`. */
    mapIds?: readonly string[];
  },
): Promise<{ headId: string; branchLength: number; newIds: Map<string, string> } | undefined> {
  const { fromId, toId, headId, isFull } = input;
  const mapIds = input.mapIds ?? [];
  const result = await sql<{
    head_id: string | null;
    branch_length: number;
    mapped: [string, string][] | null;
  }>`
    with recursive branch as (
      select id, prev_id from messages where id = ${headId} and conversation_id = ${fromId}
      union all
      select m.id, m.prev_id from messages m join branch b on m.id = b.prev_id
    ),
    picked as materialized (
      select m.* from messages m
      where m.conversation_id = ${fromId} and exists (select 1 from branch) and (
        ${isFull}
        or m.id in (select id from branch)
        or (m.is_alternative and m.prev_id in (select id from branch where id <> ${headId}))
      )
    ),
    ids as materialized (select id as old_id, gen_random_uuid() as new_id from picked),
    copied as (
      insert into messages (id, conversation_id, prev_id, role, content, is_alternative, is_stopped,
        queue_wait_ms, first_token_ms, token_count, tokens_per_second, sub_character_id, created_at)
      select ids.new_id, ${toId}, prev.new_id, p.role, p.content, p.is_alternative, p.is_stopped,
        p.queue_wait_ms, p.first_token_ms, p.token_count, p.tokens_per_second, p.sub_character_id,
        p.created_at
      from picked p join ids on ids.old_id = p.id left join ids prev on prev.old_id = p.prev_id
      returning id
    )
    select (select new_id from ids where old_id = ${headId}) as head_id,
      (select count(*)::int from branch) as branch_length,
      (select count(*)::int from copied) as copied,
      (select json_agg(json_build_array(old_id, new_id)) from ids
        where old_id = any(${sql.val(mapIds)}::uuid[])) as mapped`.execute(db);
  const row = result.rows[0];
  if (!row?.head_id) return undefined;
  return {
    headId: row.head_id,
    branchLength: row.branch_length,
    newIds: new Map(row.mapped ?? []),
  };
}

/** Every message of a conversation, alternatives included, oldest first. */
export async function listAll(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Rows per insert statement of a bulk insert (well under PostgreSQL's 65,535 parameters). */
const insertBatch = 1000;

/** Inserts messages in batches, in the order given (each after the one it answers). */
export async function insertMany(db: Db, rows: readonly (NewMessage & { id: string })[]) {
  for (let i = 0; i < rows.length; i += insertBatch) {
    await db
      .insertInto('messages')
      .values(rows.slice(i, i + insertBatch))
      .execute();
  }
}

/**
 * Appends a Continue's text to the reply it continued (`suffix` carries its own separator), keeping
 * whether the run was stopped; undefined when the reply is gone (removed meanwhile).
 */
export async function appendToReply(
  db: Db,
  reply: { id: string; conversationId: string; suffix: string; isStopped: boolean },
): Promise<Message | undefined> {
  const row = await db
    .updateTable('messages')
    .set({ content: sql<string>`content || ${reply.suffix}`, is_stopped: reply.isStopped })
    .where('id', '=', reply.id)
    .where('conversation_id', '=', reply.conversationId)
    .where('role', '=', 'bot')
    .returningAll()
    .executeTakeFirst();
  return row && toMessage(row);
}
