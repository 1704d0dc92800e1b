/** The prompt each bot reply was written from (reply_prompts), kept for the context meter and creators. */
import { ReplyPromptSchema, type ReplyPrompt } from '#shared/schemas/prompt-report';
import type { Db } from '../database';

export async function save(
  db: Db,
  row: { messageId: string; conversationId: string } & ReplyPrompt,
): Promise<void> {
  await db
    .insertInto('reply_prompts')
    .values({
      message_id: row.messageId,
      conversation_id: row.conversationId,
      model_id: row.modelId,
      context_tokens: row.contextTokens,
      messages: JSON.stringify(row.messages),
      report: JSON.stringify(row.report),
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

const columns = ['model_id', 'context_tokens', 'messages', 'report'] as const;

function toPrompt(row: {
  model_id: string;
  context_tokens: number;
  messages: unknown;
  report: unknown;
}): ReplyPrompt {
  return ReplyPromptSchema.parse({
    modelId: row.model_id,
    contextTokens: row.context_tokens,
    messages: row.messages,
    report: row.report,
  });
}

/** A reply's prompt with the conversation and character it belongs to. */
export async function findByMessage(
  db: Db,
  messageId: string,
): Promise<(ReplyPrompt & { conversationId: string; characterId: string }) | null> {
  const row = await db
    .selectFrom('reply_prompts as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
    .select(columns.map((c) => `p.${c}` as const))
    .select(['p.conversation_id', 'c.character_id'])
    .where('p.message_id', '=', messageId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...toPrompt(row), conversationId: row.conversation_id, characterId: row.character_id };
}

/** The newest reply's prompt of a conversation, with that reply's id. */
export async function latestOf(
  db: Db,
  conversationId: string,
): Promise<(ReplyPrompt & { messageId: string }) | null> {
  const row = await db
    .selectFrom('reply_prompts')
    .select([...columns, 'message_id'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...toPrompt(row), messageId: row.message_id } : null;
}
