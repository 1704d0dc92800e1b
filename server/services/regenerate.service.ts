/**
 * Regenerating the last reply (product-core.md, "Chat"): the reply is kept as an alternative and a
 * `regenerate` job on the generation queue writes a new answer to the same user message, streamed like
 * any reply. Kept apart from the send path (chat.service.ts) so that stays as it is; a regenerate takes
 * nothing from the message allowances (issue 11), which count what the user writes. In a group chat
 * the same member's turn is taken again (chat.service.ts, enqueueGroupRedo).
 */
import { randomUUID } from 'node:crypto';
import { replyJobId, replyPriority } from '#shared/jobs/generation';
import * as messages from '../db/repositories/messages.repo';
import { setAsideReply } from '../db/repositories/message-operations.repo';
import { AppError } from '../lib/errors';
import {
  chattableCharacter,
  enqueueGroupRedo,
  groupRedoOf,
  type ChatDeps,
  type Sender,
} from './chat.service';
import { ownedConversation } from './conversations.service';

export async function regenerateReply(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
): Promise<{ replyId: string; replacedId: string }> {
  const { caller } = sender;
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  const head = conversation.lastMessageId
    ? await messages.findById(deps.db, conversation.lastMessageId)
    : undefined;
  if (head?.role !== 'bot' || head.prevId === null) throw new AppError('nothing_to_regenerate');
  const character = await chattableCharacter(deps, sender, conversation.characterId);
  // In a group chat the member who spoke speaks again, in its own voice.
  const redo =
    character.type === 'meta'
      ? await groupRedoOf(deps, sender, character, head.subCharacterId)
      : null;
  await deps.waitingRoom.claimTurn(caller, conversation.characterId);
  const replyId = randomUUID();
  await deps.replies.claim(conversationId, replyId);
  try {
    const setAside = await setAsideReply(deps.db, conversationId, head.id);
    if (!setAside) throw new AppError('nothing_to_regenerate');
    await sender.join(conversationId);
    if (redo !== null) {
      await enqueueGroupRedo(deps, caller, {
        ...redo,
        conversationId,
        groupId: conversation.characterId,
        afterMessageId: setAside.userMessageId,
        replyId,
      });
      return { replyId, replacedId: head.id };
    }
    const priority = replyPriority(caller);
    await deps.queue
      .enqueue(
        'regenerate',
        {
          conversationId,
          characterId: conversation.characterId,
          userId: caller.userId,
          userMessageId: setAside.userMessageId,
          replyId,
          enqueuedAt: Date.now(),
          priority,
        },
        { jobId: replyJobId(replyId), priority },
      )
      .catch((err: unknown) => {
        // The old reply stays among the alternatives; the user message now waits for a Retry.
        throw new AppError('service_unavailable', { cause: err });
      });
  } catch (err) {
    await deps.replies.release(conversationId, replyId);
    throw err;
  }
  return { replyId, replacedId: head.id };
}
