import { sql } from 'kysely';
import type { Db } from '../database';
import type { MessageRow, NewMessage } from '../tables';

export async function findById(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The branch ending at `headId`, walking prev_id links back at most `limit` messages; returned in
 * chat order (oldest first).
 */
export async function branchEndingAt(db: Db, headId: string, limit: number): Promise<MessageRow[]> {
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
  return result.rows;
}

/**
 * Appends a message to a conversation in one statement: the message, the conversation's new head and
 * count, and the character's message count. With `once`, a message id already stored changes nothing
 * (a retried job) and the answer is undefined.
 */
export async function append(
  db: Db,
  message: NewMessage & { id: string; conversation_id: string },
  characterId: string,
  opts: { once: boolean } = { once: false },
): Promise<MessageRow | undefined> {
  const columns = Object.keys(message);
  const values = Object.values(message).map((v) => (v instanceof Date ? v.toISOString() : v));
  const result = await sql<MessageRow>`
    with inserted as (
      insert into messages (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(values)})
      ${opts.once ? sql`on conflict (id) do nothing` : sql``}
      returning *
    ),
    head as (
      update conversations
      set last_message_id = ${message.id}, message_count = message_count + 1, updated_at = now()
      where id = ${message.conversation_id} and exists (select 1 from inserted)
    ),
    counted as (
      update characters set num_messages = num_messages + 1
      where id = ${characterId} and exists (select 1 from inserted)
    )
    select * from inserted`.execute(db);
  return result.rows[0];
}
