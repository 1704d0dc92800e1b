import { sql } from 'kysely';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../database';
import { toMessage } from '../mappers';
import type { MessageRow, NewMessage } from '../tables';

export async function findById(db: Db, id: string): Promise<Message | undefined> {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMessage(row);
}

/**
 * The branch ending at `headId`, walking prev_id links back at most `limit` messages; returned in
 * chat order (oldest first).
 */
export async function branchEndingAt(db: Db, headId: string, limit: number): Promise<Message[]> {
  const result = await sql<MessageRow>`
    with recursive chain as (
      select m.*, 1 as depth from messages m where m.id = ${headId}
      union all
      select m.*, chain.depth + 1 from messages m join chain on m.id = chain.prev_id
      where chain.depth < ${limit}
    )
    select id, conversation_id, prev_id, role, content, is_alternative, is_stopped, queue_wait_ms,
      first_token_ms, token_count, tokens_per_second, created_at
    from chain order by depth desc`.execute(db);
  return result.rows.map(toMessage);
}

/**
 * Starts a conversation with its greeting (if any) and the user's first message, in one statement
 * (docs/performance.md, trap 7). The greeting is dated a millisecond earlier so the two never tie.
 */
export async function startConversation(
  db: Db,
  input: {
    conversationId: string;
    userId: string;
    characterId: string;
    userPersonaId: string | null;
    greeting: { id: string; content: string } | null;
    message: { id: string; content: string };
  },
): Promise<Message> {
  const { conversationId: id, greeting, message } = input;
  const result = await sql<MessageRow>`
    with conversation as (
      insert into conversations
        (id, user_id, character_id, last_message_id, message_count, user_persona_id)
      values (${id}, ${input.userId}, ${input.characterId}, ${message.id}, ${greeting ? 2 : 1},
        ${input.userPersonaId})
    ),
    greeting as (
      insert into messages (id, conversation_id, prev_id, role, content, created_at)
      select ${greeting?.id ?? null}::uuid, ${id}::uuid, null, 'bot', ${greeting?.content ?? ''},
        clock_timestamp() - interval '1 millisecond'
      where ${greeting !== null}
    )
    insert into messages (id, conversation_id, prev_id, role, content)
    values (${message.id}, ${id}, ${greeting?.id ?? null}, 'user', ${message.content})
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
