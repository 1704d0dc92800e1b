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

/**
 * A reply's prompt with the conversation and character it belongs to, and in a group chat the member
 * who spoke it (speakerId; null otherwise), whose definition the prompt holds.
 */
export async function findByMessage(
  db: Db,
  messageId: string,
): Promise<
  (ReplyPrompt & { conversationId: string; characterId: string; speakerId: string | null }) | null
> {
  const row = await db
    .selectFrom('reply_prompts as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
    .leftJoin('messages as m', 'm.id', 'p.message_id')
    .select(columns.map((c) => `p.${c}` as const))
    .select(['p.conversation_id', 'c.character_id', 'm.sub_character_id'])
    .where('p.message_id', '=', messageId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toPrompt(row),
    conversationId: row.conversation_id,
    characterId: row.character_id,
    speakerId: row.sub_character_id ?? null,
  };
}

/** The newest reply's prompt of a conversation, with that reply's id and, in a group, its speaker. */
export async function latestOf(
  db: Db,
  conversationId: string,
): Promise<(ReplyPrompt & { messageId: string; speakerId: string | null }) | null> {
  const row = await db
    .selectFrom('reply_prompts as p')
    .leftJoin('messages as m', 'm.id', 'p.message_id')
    .select(columns.map((c) => `p.${c}` as const))
    .select(['p.message_id', 'm.sub_character_id'])
    .where('p.conversation_id', '=', conversationId)
    .orderBy('p.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { ...toPrompt(row), messageId: row.message_id, speakerId: row.sub_character_id ?? null }
    : null;
}
