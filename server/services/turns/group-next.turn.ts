/**
 * Next in a group chat (premium): another member answers the last message. The reply in flight, if
 * any, is stopped and its round ended; the group turn chooses anyone but the last speaker and the
 * member it stopped, and claims the conversation once the stopped reply has ended
 * (workers/group-turns/).
 */
import { AppError } from '../../lib/errors';
import type { ChatDeps, Sender } from '../chat.service';
import { assertPremium, availableGroup, ownedGroupConversation } from '../group-chat.service';
import { startTurn } from './start-turn';

export function nextSpeaker(
  deps: ChatDeps,
  sender: Sender,
  conversationId: string,
): Promise<Record<string, never>> {
  const { caller } = sender;
  return startTurn(deps, sender, {
    conversationId,
    claim: { when: 'by-group-turn' },
    check: async () => {
      const { conversation, group } = await ownedGroupConversation(deps.db, caller, conversationId);
      assertPremium(caller);
      await availableGroup(deps.db, group);
      if (conversation.lastMessageId === null) throw new AppError('nothing_to_retry');
      const stopped = await deps.replies.read(conversationId);
      await deps.replies.requestStop(conversationId);
      return {
        groupId: group.id,
        afterMessageId: conversation.lastMessageId,
        skipSpeakerId: stopped?.speakerId,
      };
    },
    plan: ({ skipSpeakerId, ...answered }) => ({
      job: {
        name: 'group-turn',
        data: {
          ...answered,
          mode: 'next',
          speakerIds: [],
          ...(skipSpeakerId === undefined ? {} : { skipSpeakerId }),
        },
      },
      answer: () => ({}),
    }),
  });
}
