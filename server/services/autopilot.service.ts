/**
 * Autopilot (issue 11, item 9): the AI writes the user's next turn, as their persona, in answer to the
 * last reply. It takes the conversation's one generation slot like a reply (so Stop and the typing state
 * work the same) and an `autopilot` job on the generation queue streams the draft to the message box.
 */
import { randomUUID } from 'node:crypto';
import { replyJobId, replyPriority } from '#shared/jobs/generation';
import * as messages from '../db/repositories/messages.repo';
import { AppError } from '../lib/errors';
import { chattableCharacter, type ChatDeps, type Sender } from './chat.service';
import { ownedConversation } from './conversations.service';

export async function startAutopilot(
  deps: ChatDeps,
  sender: Sender,
  input: { conversationId: string; intent: string },
): Promise<{ draftId: string }> {
  const { caller } = sender;
  const { conversationId } = input;
  const conversation = await ownedConversation(deps.db, caller, conversationId);
  const head = conversation.lastMessageId
    ? await messages.findById(deps.db, conversation.lastMessageId)
    : undefined;
  // The user's turn answers a reply; with their own message last, the reply comes first.
  if (head?.role !== 'bot') throw new AppError('nothing_to_autopilot');
  await chattableCharacter(deps, sender, conversation.characterId);
  await deps.waitingRoom.claimTurn(caller, conversation.characterId);
  const draftId = randomUUID();
  await deps.replies.claim(conversationId, draftId, { kind: 'autopilot' });
  try {
    await sender.join(conversationId);
    const priority = replyPriority(caller);
    await deps.queue
      .enqueue(
        'autopilot',
        {
          conversationId,
          characterId: conversation.characterId,
          userId: caller.userId,
          afterMessageId: head.id,
          replyId: draftId,
          intent: input.intent.trim(),
          enqueuedAt: Date.now(),
          priority,
        },
        { jobId: replyJobId(draftId), priority },
      )
      .catch((err: unknown) => {
        throw new AppError('service_unavailable', { cause: err });
      });
  } catch (err) {
    await deps.replies.release(conversationId, draftId);
    throw err;
  }
  return { draftId };
}
