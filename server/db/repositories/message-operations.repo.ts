/**
 * SQL of the operations on single messages (issue 11). The current branch is the chain of messages
 * that are not alternatives: regenerating marks the old reply an alternative, adopting one swaps the
 * flags, so `is_alternative = false` is exactly the branch the conversation shows.
 */
import { sql } from 'kysely';
import type { MessageRating, MessageReportInput } from '#shared/rules/message-feedback';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../database';
import { toMessage } from '../mappers';
import type { MessageRow } from '../tables';

export async function findInConversation(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row && toMessage(row);
}

/** The message and its siblings (answers to the same message), oldest first. */
export async function siblingsOf(db: Db, message: Message): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', message.conversationId)
    .where(sql<boolean>`prev_id is not distinct from ${message.prevId}`)
    .where('role', '=', message.role)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}

/**
 * Moves the conversation's head back from its last bot reply to the message it answered, keeping the
 * reply as an alternative. Undefined unless `replyId` is still the head and a bot reply to a user, or
 * a group member's reply (it has a speaker), which may answer another member's line.
 */
export async function setAsideReply(
  db: Db,
  conversationId: string,
  replyId: string,
): Promise<{ userMessageId: string } | undefined> {
  const result = await sql<{ user_message_id: string }>`
    with reply as (
      update messages m set is_alternative = true
      from conversations c, messages answered
      where m.id = ${replyId} and m.conversation_id = ${conversationId} and m.role = 'bot'
        and c.id = m.conversation_id and c.last_message_id = m.id
        and answered.id = m.prev_id
        and (answered.role = 'user' or m.sub_character_id is not null)
      returning m.prev_id
    )
    update conversations c set last_message_id = reply.prev_id, updated_at = now()
    from reply where c.id = ${conversationId}
    returning reply.prev_id as user_message_id`.execute(db);
  const row = result.rows[0];
  return row && { userMessageId: row.user_message_id };
}

/**
 * Makes an alternative of the head the head: the two swap their alternative flags. Undefined unless
 * `messageId` is an alternative answering the same message as the current head.
 */
export async function adoptAlternative(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<Message | undefined> {
  const result = await sql<MessageRow>`
    with head as (
      select h.id, h.prev_id from conversations c join messages h on h.id = c.last_message_id
      where c.id = ${conversationId}
    ),
    chosen as (
      select m.id from messages m, head
      where m.id = ${messageId} and m.conversation_id = ${conversationId} and m.is_alternative
        and m.prev_id is not distinct from head.prev_id
    ),
    old_head as (
      update messages m set is_alternative = true
      from head, chosen where m.id = head.id
    ),
    moved as (
      update conversations c set last_message_id = chosen.id, updated_at = now()
      from chosen where c.id = ${conversationId}
    )
    update messages m set is_alternative = false from chosen where m.id = chosen.id
    returning m.*`.execute(db);
  const row = result.rows[0];
  return row && toMessage(row);
}

export async function editContent(
  db: Db,
  conversationId: string,
  messageId: string,
  content: string,
): Promise<Message | undefined> {
  const row = await db
    .updateTable('messages')
    .set({ content })
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .returningAll()
    .executeTakeFirst();
  return row && toMessage(row);
}

/**
 * Removes a message of the current branch, its alternatives and everything after it (the prev_id
 * foreign key cascades down the chain), and moves the head to the message before it. Undefined when
 * the message is not on the branch.
 */
export async function removeFrom(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<{ lastMessageId: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('messages')
      .select(['id', 'prev_id'])
      .where('id', '=', messageId)
      .where('conversation_id', '=', conversationId)
      .where('is_alternative', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!target) return undefined;
    await trx
      .updateTable('conversations')
      .set({ last_message_id: target.prev_id, updated_at: sql`now()` })
      .where('id', '=', conversationId)
      .execute();
    await trx
      .deleteFrom('messages')
      .where('conversation_id', '=', conversationId)
      .where(sql<boolean>`prev_id is not distinct from ${target.prev_id}`)
      .execute();
    await trx
      .updateTable('conversations')
      .set({
        message_count: trx
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conversation_id', '=', conversationId)
          .where('is_alternative', '=', false),
      })
      .where('id', '=', conversationId)
      .execute();
    return { lastMessageId: target.prev_id };
  });
}

/** Sets the rating of a bot message that has none yet; undefined when it is rated already. */
export async function rateOnce(
  db: Db,
  conversationId: string,
  messageId: string,
  rating: MessageRating,
): Promise<Message | undefined> {
  const row = await db
    .updateTable('messages')
    .set({ rating: rating.level, rating_reasons: rating.reasons })
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'bot')
    .where('rating', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && toMessage(row);
}

export async function insertReport(
  db: Db,
  report: MessageReportInput & {
    reporterUserId: string;
    messageId: string;
    conversationId: string;
    characterId: string;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('message_reports')
    .values({
      reporter_user_id: report.reporterUserId,
      message_id: report.messageId,
      conversation_id: report.conversationId,
      character_id: report.characterId,
      label: report.label,
      comment: report.comment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
