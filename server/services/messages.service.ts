/**
 * Operations on single messages of a caller's conversation (issue 11): alternatives, adopting one,
 * editing, removing from a message on, rating and reporting. Each checks ownership and visibility the
 * way reading the conversation does; changes wait while a reply is being written, since the reply is
 * stored after the message it answers.
 */
import type { MessageRating, MessageReportInput } from '#shared/rules/message-feedback';
import type { Message } from '#shared/schemas/message';
import type { Db } from '../db/database';
import type { ConversationRecord } from '../db/mappers';
import * as operations from '../db/repositories/message-operations.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { ReplyState } from '../lib/reply-state';
import { findVisible } from './characters.service';
import { ownedConversation } from './conversations.service';

export interface MessageDeps {
  db: Db;
  replies: ReplyState;
}

interface MessageRef {
  conversationId: string;
  messageId: string;
}

async function openConversation(db: Db, caller: Caller, id: string): Promise<ConversationRecord> {
  const conversation = await ownedConversation(db, caller, id);
  await findVisible(db, caller, conversation.characterId);
  return conversation;
}

/** The caller's conversation when no reply is being written in it. */
async function quietConversation(
  deps: MessageDeps,
  caller: Caller,
  id: string,
): Promise<ConversationRecord> {
  const conversation = await openConversation(deps.db, caller, id);
  if ((await deps.replies.read(id)) !== null) throw new AppError('conversation_busy');
  return conversation;
}

function notFound(): AppError {
  return new AppError('message_not_found', { field: 'messageId' });
}

export async function listAlternatives(
  db: Db,
  caller: Caller,
  ref: MessageRef,
): Promise<{ alternatives: Message[] }> {
  await openConversation(db, caller, ref.conversationId);
  const message = await operations.findInConversation(db, ref.conversationId, ref.messageId);
  if (!message) throw notFound();
  return { alternatives: await operations.siblingsOf(db, message) };
}

export async function adoptAlternative(
  deps: MessageDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<Message> {
  const conversation = await quietConversation(deps, caller, ref.conversationId);
  // Already the current reply (a second click, another tab): nothing to change.
  const adopted =
    conversation.lastMessageId === ref.messageId
      ? await operations.findInConversation(deps.db, ref.conversationId, ref.messageId)
      : await operations.adoptAlternative(deps.db, ref.conversationId, ref.messageId);
  if (!adopted) throw notFound();
  return adopted;
}

export async function editMessage(
  deps: MessageDeps,
  caller: Caller,
  ref: MessageRef,
  content: string,
): Promise<Message> {
  await quietConversation(deps, caller, ref.conversationId);
  const edited = await operations.editContent(deps.db, ref.conversationId, ref.messageId, content);
  if (!edited) throw notFound();
  return edited;
}

/** Removes the message, everything after it and their alternatives; answers the new last message. */
export async function removeMessages(
  deps: MessageDeps,
  caller: Caller,
  ref: MessageRef,
): Promise<{ lastMessageId: string | null }> {
  await quietConversation(deps, caller, ref.conversationId);
  const removed = await operations.removeFrom(deps.db, ref.conversationId, ref.messageId);
  if (!removed) throw notFound();
  return removed;
}

/** Rates a bot message once; a second rating is refused (the first stays). */
export async function rateMessage(
  db: Db,
  caller: Caller,
  ref: MessageRef,
  rating: MessageRating,
): Promise<Message> {
  await openConversation(db, caller, ref.conversationId);
  const rated = await operations.rateOnce(db, ref.conversationId, ref.messageId, rating);
  if (rated) return rated;
  const message = await operations.findInConversation(db, ref.conversationId, ref.messageId);
  if (!message) throw notFound();
  throw new AppError(message.role === 'bot' ? 'message_rating_locked' : 'message_not_rateable');
}

export async function reportMessage(
  db: Db,
  caller: Caller,
  ref: MessageRef,
  input: MessageReportInput,
): Promise<{ id: string }> {
  const conversation = await openConversation(db, caller, ref.conversationId);
  const message = await operations.findInConversation(db, ref.conversationId, ref.messageId);
  if (!message) throw notFound();
  const id = await operations.insertReport(db, {
    ...input,
    reporterUserId: caller.userId,
    messageId: message.id,
    conversationId: conversation.id,
    characterId: conversation.characterId,
  });
  return { id };
}
