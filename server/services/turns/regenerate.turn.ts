/**
 * Regenerate (product-core.md, "Chat"): the last reply is kept as an alternative and a new answer to
 * the same message is written, streamed like any reply. It takes nothing from the message allowances
 * (issue 11), which count what the user writes. In a group chat the member who spoke speaks again.
 */
import { setAsideReply } from '../../db/repositories/message-operations.repo';
import { AppError } from '../../lib/errors';
import type { ChatDeps, Sender } from '../chat.service';
import { startTurn } from './start-turn';
import { chattableCharacter, conversationHead, groupRedoOf } from './turn-checks';

export function regenerateReply(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
): Promise<{ replyId: string; replacedId: string }> {
  return startTurn(deps, sender, {
    conversationId,
    claim: { when: 'once-checked', kind: 'reply' },
    check: async () => {
      const { conversation, head } = await conversationHead(deps.db, sender.caller, conversationId);
      if (head?.role !== 'bot' || head.prevId === null) throw new AppError('nothing_to_regenerate');
      const { characterId } = conversation;
      const character = await chattableCharacter(deps, sender, characterId);
      const redo =
        character.type === 'meta'
          ? await groupRedoOf(deps, sender, character, head.subCharacterId)
          : null;
      await deps.waitingRoom.claimTurn(sender.caller, characterId);
      return { characterId, replacedId: head.id, answeredId: head.prevId, redo };
    },
    plan: ({ characterId, replacedId, answeredId, redo }, replyId) => ({
      // Set aside under the claim; if the job then cannot be queued, the old reply stays among the
      // alternatives and the message it answered waits for a Retry.
      store: setAsideReply(deps.db, conversationId, replacedId).then((setAside) => {
        if (!setAside) throw new AppError('nothing_to_regenerate');
        return null;
      }),
      job:
        redo === null
          ? { name: 'regenerate', data: { characterId, userMessageId: answeredId } }
          : {
              name: 'group-turn',
              data: { ...redo, groupId: characterId, afterMessageId: answeredId },
            },
      answer: () => ({ replyId, replacedId }),
    }),
  });
}
