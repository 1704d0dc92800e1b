/**
 * Autopilot (issue 11, item 9): the AI writes the user's next turn, as their persona, in answer to the
 * last reply. It claims the conversation's one generation slot like a reply (so Stop and the typing
 * state work the same), and its `autopilot` job streams the draft to the message box.
 */
import { AppError } from '../../lib/errors';
import type { ChatDeps, Sender } from '../chat.service';
import { startTurn } from './start-turn';
import { chattableCharacter, conversationHead } from './turn-checks';

export function startAutopilot(
  deps: ChatDeps,
  sender: Sender,
  input: { conversationId: string; intent: string },
): Promise<{ draftId: string }> {
  const { conversationId } = input;
  return startTurn(deps, sender, {
    conversationId,
    claim: { when: 'once-checked', kind: 'autopilot' },
    check: async () => {
      const { conversation, head } = await conversationHead(deps.db, sender.caller, conversationId);
      // The user's turn answers a reply; with their own message last, the reply comes first.
      if (head?.role !== 'bot') throw new AppError('nothing_to_autopilot');
      await chattableCharacter(deps, sender, conversation.characterId);
      await deps.waitingRoom.claimTurn(sender.caller, conversation.characterId);
      return { characterId: conversation.characterId, afterMessageId: head.id };
    },
    plan: (answered, draftId) => ({
      job: { name: 'autopilot', data: { ...answered, intent: input.intent.trim() } },
      answer: () => ({ draftId }),
    }),
  });
}
