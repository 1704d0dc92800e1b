/**
 * Continue (issue 28, item 3): the model goes on from the last reply where it stopped, and what it
 * writes is appended to that same message (workers/generation/continue.processor.ts). A chatbot's
 * reply only: a group chat's turns are the group's to take. Like a regenerate it takes nothing from the
 * message allowances, which count what the user writes.
 */
import { AppError } from '../../lib/errors';
import type { ChatDeps, Sender } from '../chat.service';
import { startTurn } from './start-turn';
import { chattableCharacter, conversationHead } from './turn-checks';

export function continueReply(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
): Promise<{ replyId: string; continuedId: string }> {
  return startTurn(deps, sender, {
    conversationId,
    claim: { when: 'once-checked', kind: 'reply' },
    check: async () => {
      const { conversation, head } = await conversationHead(deps.db, sender.caller, conversationId);
      // A reply stopped before its first word has nothing to go on from: that one is regenerated.
      if (head?.role !== 'bot' || head.content === '') throw new AppError('nothing_to_continue');
      const { characterId } = conversation;
      const character = await chattableCharacter(deps, sender, characterId);
      if (character.type === 'meta') throw new AppError('nothing_to_continue');
      await deps.waitingRoom.claimTurn(sender.caller, characterId);
      return { characterId, continuedId: head.id };
    },
    plan: ({ characterId, continuedId }, replyId) => ({
      job: { name: 'continue', data: { characterId, messageId: continuedId } },
      answer: () => ({ replyId, continuedId }),
    }),
  });
}
