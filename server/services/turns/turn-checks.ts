/**
 * The checks several kinds of turn make before the conversation is claimed: the character may be
 * chatted with, the conversation is the caller's and what its last message is, and who answers a
 * group chat's turn asked for again.
 */
import type { GroupTurnJob } from '#shared/jobs/group-turns';
import * as messages from '../../db/repositories/messages.repo';
import type { Caller } from '../../lib/caller';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { assertMayChatNsfw } from '../age-verification/age-verification.service';
import { visibleCharacter } from '../characters.service';
import type { ChatDeps, Sender } from '../chat.service';
import { ownedConversation } from '../conversations.service';
import { assertGroupsOn, availableGroup } from '../group-chat.service';

/**
 * A character the sender may see (characters.service.ts) and chat with: not waiting for a moderator,
 * and if it is NSFW, allowed to them.
 */
export async function chattableCharacter(deps: ChatDeps, sender: Sender, id: string) {
  const character = await visibleCharacter(deps.db, await deps.characters.get(id), sender.caller);
  if (character.moderationStatus === 'manual_review_required') {
    throw new AppError('character_in_manual_review');
  }
  if (character.isNsfw) await assertMayChatNsfw(deps, sender.caller, sender.country);
  return character;
}

/** The caller's conversation and its last message, the head of its branch (none in an empty one). */
export async function conversationHead(db: Db, caller: Caller, conversationId: string) {
  const conversation = await ownedConversation(db, caller, conversationId);
  const head = conversation.lastMessageId
    ? await messages.findById(db, conversation.lastMessageId)
    : undefined;
  return { conversation, head };
}

/** Who answers a group chat's turn asked for again: the member named, else the group's choice. */
export type GroupRedo = Pick<GroupTurnJob, 'mode' | 'speakerIds'>;

/**
 * Checks a group chat's retry or regenerate: the groupchat flag and enough members. The member named
 * (the one whose reply is asked for again) answers while it is still in the group, in its own voice;
 * otherwise the turn chooses as it does after a message.
 */
export async function groupRedoOf(
  deps: ChatDeps,
  sender: Sender,
  group: { id: string; greetingCharacterId: string | null },
  speakerId: string | null | undefined,
): Promise<GroupRedo> {
  assertGroupsOn(sender.hasFlag);
  const { members } = await availableGroup(deps.db, group);
  return speakerId != null && members.some((m) => m.id === speakerId)
    ? { mode: 'pick', speakerIds: [speakerId] }
    : { mode: 'auto', speakerIds: [] };
}
