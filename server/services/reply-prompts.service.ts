/**
 * The context meter and the exact prompt of a reply (issue 11 §8). The meter is the conversation
 * owner's, in a group chat too. The prompt holds the bot's definition, so it opens for an admin, and for
 * the bot's creator in their own chats with it; to anyone else a reply's prompt does not exist. In a
 * group chat the bot is the member who spoke: the group's creator may not read a member's definition
 * through it unless they made that member.
 */
import type { ConversationContext } from '#shared/api/generation';
import type { ReplyPrompt } from '#shared/schemas/prompt-report';
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import * as conversations from '../db/repositories/conversations.repo';
import * as replyPrompts from '../db/repositories/reply-prompts.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { ownedConversation } from './conversations.service';

async function mayViewPrompts(db: Db, caller: Caller, characterId: string): Promise<boolean> {
  if (caller.kind !== 'member') return false;
  if (caller.role === 'admin') return true;
  const character = await characters.findById(db, characterId);
  return character?.creatorUserId === caller.userId;
}

export async function getContext(
  deps: { db: Db },
  caller: Caller,
  conversationId: string,
): Promise<ConversationContext> {
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  const latest = await replyPrompts.latestOf(deps.db, conversationId);
  const mayViewPrompt = await mayViewPrompts(
    deps.db,
    caller,
    latest?.speakerId ?? conversation.characterId,
  );
  return {
    latest: latest && {
      messageId: latest.messageId,
      modelId: latest.modelId,
      contextTokens: latest.contextTokens,
      report: latest.report,
    },
    mayViewPrompt,
  };
}

export async function getPrompt(
  deps: { db: Db },
  caller: Caller,
  messageId: string,
): Promise<ReplyPrompt> {
  const found = await replyPrompts.findByMessage(deps.db, messageId);
  if (!found) throw new AppError('not_found');
  const isAdmin = caller.kind === 'member' && caller.role === 'admin';
  if (!isAdmin) {
    const conversation = await conversations.findById(deps.db, found.conversationId);
    const isOwn = conversation?.userId === caller.userId;
    const bot = found.speakerId ?? found.characterId;
    if (!isOwn || !(await mayViewPrompts(deps.db, caller, bot))) {
      throw new AppError('not_found');
    }
  }
  return {
    modelId: found.modelId,
    contextTokens: found.contextTokens,
    messages: found.messages,
    report: found.report,
  };
}
