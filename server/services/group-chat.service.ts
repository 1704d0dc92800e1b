/**
 * Talking in a group chat (issue 12 §8): who answers a message, and Auto Response. A send to a group
 * queues a `group-turns` job instead of a reply (services/turns/); the turn chooses the member
 * (workers/group-turns/). A new round (server/lib/group-rounds.ts) starts with every user message,
 * Stop, Next, a retry or regenerate, and Auto Response switched off, so a chain of bot replies ends at
 * once. Group chats live behind the groupchat flag.
 */
import { turnOrder } from '#shared/rules/group-turns';
import { roleAtLeast } from '#shared/rules/permissions';
import type { GroupFields } from '#shared/schemas/group';
import type { FeatureFlag } from '#shared/schemas/permission';
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import * as groups from '../db/repositories/groups.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { GroupRounds } from '../lib/group-rounds';
import type { Redis } from '../lib/redis';
import { visibleCharacter } from './characters.service';
import { ownedConversation } from './conversations.service';

export interface GroupChatDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

/** How the user asked a group to answer their message. */
export type TurnRequest = { mode: 'auto' | 'pick' | 'everyone'; speakerId?: string | undefined };

/** Auto Response and Next are premium (product-core.md, "Premium"); others get the upgrade modal. */
export function assertPremium(caller: Caller): void {
  if (caller.kind !== 'member' || !roleAtLeast(caller.role, 'paid_premium')) {
    throw new AppError('group_premium_required');
  }
}

/**
 * Group chats live behind the groupchat flag (product-core.md §6): while it is off for the caller a
 * group answers not_found, as every group route does (shared/api, `flag`).
 */
export function assertGroupsOn(hasFlag: (flag: FeatureFlag) => boolean): void {
  if (!hasFlag('groupchat')) throw new AppError('not_found');
}

/** A group's members and greeter; 'Group unavailable' below the minimum. */
export async function availableGroup(
  db: Db,
  group: { id: string; greetingCharacterId: string | null },
): Promise<GroupFields> {
  const fields = await groups.groupFields(db, group);
  if (!fields.isAvailable) throw new AppError('group_unavailable');
  return fields;
}

/** The members a turn request names, in the order they answer; checked against the group. */
export function speakersOf(group: GroupFields, turn: TurnRequest | undefined): string[] {
  if (turn?.mode === 'everyone') {
    return turnOrder(group.members, group.greetingCharacterId).map((m) => m.id);
  }
  if (turn?.mode === 'pick') {
    if (!group.members.some((m) => m.id === turn.speakerId) || turn.speakerId === undefined) {
      throw new AppError('validation_failed', {
        field: 'turn.speakerId',
        message: 'Pick a member of this group.',
      });
    }
    return [turn.speakerId];
  }
  return [];
}

/** A group the caller may chat with, with its members (404 for one they cannot see or a chatbot). */
export async function visibleGroup(
  db: Db,
  caller: Caller,
  id: string,
): Promise<GroupFields & { id: string }> {
  const record = await characters.findById(db, id);
  const group = await visibleCharacter(db, record, caller);
  if (record?.type !== 'meta') throw new AppError('character_not_found');
  return { id: group.id, ...(await groups.groupFields(db, record)) };
}

/** The caller's group conversation: 404 for someone else's or a chatbot's. */
export async function ownedGroupConversation(db: Db, caller: Caller, conversationId: string) {
  const conversation = await ownedConversation(db, caller, conversationId);
  const record = await characters.findById(db, conversation.characterId);
  if (record?.type !== 'meta') throw new AppError('conversation_not_found');
  return { conversation, group: record };
}

export async function autoResponse(
  db: Db,
  caller: Caller,
  conversationId: string,
): Promise<{ isOn: boolean }> {
  await ownedGroupConversation(db, caller, conversationId);
  return { isOn: await groups.autoResponseOf(db, conversationId) };
}

/** Switches Auto Response (premium); switching it off ends a chain of bot replies at once. */
export async function setAutoResponse(
  deps: GroupChatDeps,
  caller: Caller,
  conversationId: string,
  isOn: boolean,
): Promise<{ isOn: boolean }> {
  await ownedGroupConversation(deps.db, caller, conversationId);
  assertPremium(caller);
  await groups.setAutoResponse(deps.db, conversationId, isOn);
  if (!isOn) await new GroupRounds(deps.redis, deps.prefix).next(conversationId);
  return { isOn };
}
