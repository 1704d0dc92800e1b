/**
 * Retry: a new reply to the last message when the earlier one failed. In a group chat the member whose
 * reply failed (`speakerId`, as the client saw it start) answers again, and a reply of a round that
 * failed after another member's line answers that line. Takes nothing from the message allowances.
 */
import { AppError } from '../../lib/errors';
import type { ChatDeps, Sender } from '../chat.service';
import { startTurn } from './start-turn';
import { chattableCharacter, conversationHead, groupRedoOf } from './turn-checks';

export function retryReply(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
  speakerId?: string,
): Promise<{ replyId: string }> {
  return startTurn(deps, sender, {
    conversationId,
    claim: { when: 'once-checked', kind: 'reply' },
    check: async () => {
      const { conversation, head } = await conversationHead(deps.db, sender.caller, conversationId);
      const { characterId } = conversation;
      const character = await chattableCharacter(deps, sender, characterId);
      const group = character.type === 'meta' ? character : null;
      // A group's round may fail after a member's line; a chatbot's reply only ever answers the user.
      const isAnswerable = head?.role === 'user' || (group !== null && head?.prevId != null);
      if (head === undefined || !isAnswerable) throw new AppError('nothing_to_retry');
      const redo = group === null ? null : await groupRedoOf(deps, sender, group, speakerId);
      await deps.waitingRoom.claimTurn(sender.caller, characterId);
      return { characterId, answeredId: head.id, redo };
    },
    plan: ({ characterId, answeredId, redo }, replyId) => ({
      job:
        redo === null
          ? { name: 'reply', data: { characterId, userMessageId: answeredId } }
          : {
              name: 'group-turn',
              data: { ...redo, groupId: characterId, afterMessageId: answeredId },
            },
      answer: () => ({ replyId }),
    }),
  });
}
