/** Reading conversations: ownership checks and the shapes the chat screen loads. */
import type { Conversation, ConversationSummary } from '#shared/schemas/conversation';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../db/database';
import { toCharacterSummary, type CharacterRecord, type ConversationRecord } from '../db/mappers';
import * as characters from '../db/repositories/characters.repo';
import * as conversations from '../db/repositories/conversations.repo';
import * as messages from '../db/repositories/messages.repo';
import { AppError } from '../lib/errors';
import type { ReplyState } from '../lib/reply-state';
import type { Caller } from '../lib/caller';
import { assertShownCharacter, findVisible } from './characters.service';

/**
 * The conversation if the caller owns it; otherwise not found (ids of others never leak). A group's
 * conversation while group chats are off for the caller reads as missing too (assertShownType).
 */
export async function ownedConversation(
  db: Db,
  caller: Caller,
  id: string,
): Promise<ConversationRecord> {
  const row = await conversations.findById(db, id);
  if (!row || row.userId !== caller.userId) throw new AppError('conversation_not_found');
  await assertShownCharacter(db, caller, row.characterId);
  return row;
}

export async function toSummary(db: Db, row: ConversationRecord): Promise<ConversationSummary> {
  const [character, last] = await Promise.all([
    characters.findById(db, row.characterId),
    row.lastMessageId ? messages.findById(db, row.lastMessageId) : undefined,
  ]);
  if (!character) throw new AppError('character_not_found');
  return summaryOf(row, character, last);
}

/** A conversation's summary from its row, its character and its last message (if any). */
export function summaryOf(
  row: ConversationRecord,
  character: CharacterRecord,
  last: Message | undefined,
): ConversationSummary {
  return {
    id: row.id,
    characterId: row.characterId,
    character: toCharacterSummary(character),
    label: row.label,
    lastMessageId: row.lastMessageId,
    messageCount: row.messageCount,
    lastMessage: last ? { content: last.content, createdAt: last.createdAt } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userPersonaId: row.userPersonaId,
  };
}

export async function getConversation(
  deps: { db: Db; replies: ReplyState },
  caller: Caller,
  id: string,
): Promise<Conversation> {
  const row = await ownedConversation(deps.db, caller, id);
  // A chat with a bot the caller may no longer see (its creator blocked, say) is closed to them too.
  await findVisible(deps.db, caller, row.characterId);
  const [summary, pending] = await Promise.all([toSummary(deps.db, row), deps.replies.read(id)]);
  return { ...summary, pending };
}

/** One page of the current branch, walking back from the head (or from before `before`). */
export async function listMessages(
  db: Db,
  caller: Caller,
  id: string,
  page: { limit: number; before?: string | undefined },
): Promise<{ items: Message[]; hasMore: boolean }> {
  const row = await ownedConversation(db, caller, id);
  await findVisible(db, caller, row.characterId);
  let head = row.lastMessageId;
  if (page.before !== undefined) {
    const before = await messages.findById(db, page.before);
    if (!before || before.conversationId !== id)
      throw new AppError('not_found', { field: 'before' });
    head = before.prevId;
  }
  if (head === null) return { items: [], hasMore: false };
  const rows = await messages.branchEndingAt(db, head, page.limit + 1);
  const hasMore = rows.length > page.limit;
  return { items: hasMore ? rows.slice(1) : rows, hasMore };
}

export async function latestWithCharacter(
  db: Db,
  caller: Caller,
  characterId: string,
): Promise<ConversationSummary | null> {
  await assertShownCharacter(db, caller, characterId);
  const row = await conversations.findLatestWithCharacter(db, caller.userId, characterId);
  return row ? toSummary(db, row) : null;
}
