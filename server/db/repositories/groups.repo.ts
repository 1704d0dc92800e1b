/**
 * Group chats (issue 12): a character of type meta and its members in turn order. The character row
 * itself is written by own-characters.repo like any chatbot's; this module owns group_members and the
 * two group columns.
 */
import type { GroupFields, GroupMember } from '#shared/schemas/group';
import { isGroupAvailable } from '#shared/rules/group';
import type { Db } from '../database';

/** A chatbot someone wants to make a member, with what the save rules look at. */
export interface MemberCandidate extends GroupMember {
  creatorUserId: string | null;
  type: 'standard' | 'meta';
}

/** The candidates among `ids` that exist (any visibility; the service decides who may add them). */
export async function findCandidates(db: Db, ids: readonly string[]): Promise<MemberCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('characters')
    .select(['id', 'name', 'avatar_url', 'visibility', 'creator_user_id', 'type'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    visibility: r.visibility,
    creatorUserId: r.creator_user_id,
    type: r.type,
  }));
}

/** Makes the character a group with these members, in this order. Call in the save's transaction. */
export async function setGroup(
  trx: Db,
  groupId: string,
  memberIds: readonly string[],
  greetingCharacterId: string | null,
): Promise<void> {
  await trx
    .updateTable('characters')
    .set({ type: 'meta', greeting_character_id: greetingCharacterId })
    .where('id', '=', groupId)
    .execute();
  await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  await trx
    .insertInto('group_members')
    .values(
      memberIds.map((memberId, position) => ({ group_id: groupId, member_id: memberId, position })),
    )
    .execute();
}

/** The members of groups, in turn order, keyed by group id. */
export async function membersOf(
  db: Db,
  groupIds: readonly string[],
): Promise<Map<string, GroupMember[]>> {
  const byGroup = new Map<string, GroupMember[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('characters as c', 'c.id', 'gm.member_id')
    .select(['gm.group_id', 'c.id', 'c.name', 'c.avatar_url', 'c.visibility'])
    .where('gm.group_id', 'in', groupIds)
    .orderBy('gm.group_id')
    .orderBy('gm.position')
    .execute();
  for (const r of rows) {
    byGroup.get(r.group_id)?.push({
      id: r.id,
      name: r.name,
      avatarUrl: r.avatar_url,
      visibility: r.visibility,
    });
  }
  return byGroup;
}

/** A group's members and greeter as callers see them. */
export async function groupFields(
  db: Db,
  group: { id: string; greetingCharacterId: string | null },
): Promise<GroupFields> {
  const members = (await membersOf(db, [group.id])).get(group.id) ?? [];
  return toGroupFields(members, group.greetingCharacterId);
}

export function toGroupFields(
  members: GroupMember[],
  greetingCharacterId: string | null,
): GroupFields {
  // A greeter who left the group (deleted) falls back to the first member.
  const greeter = members.some((m) => m.id === greetingCharacterId)
    ? greetingCharacterId
    : (members[0]?.id ?? null);
  return { members, greetingCharacterId: greeter, isAvailable: isGroupAvailable(members.length) };
}

/** Ids of a creator's groups with their greeter, newest first. */
export async function listGroupIdsByCreator(
  db: Db,
  creatorUserId: string,
): Promise<{ id: string; greetingCharacterId: string | null }[]> {
  const rows = await db
    .selectFrom('characters')
    .select(['id', 'greeting_character_id'])
    .where('creator_user_id', '=', creatorUserId)
    .where('type', '=', 'meta')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(2000)
    .execute();
  return rows.map((r) => ({ id: r.id, greetingCharacterId: r.greeting_character_id }));
}

/** Whether Auto Response is on in a conversation (false for one that does not exist). */
export async function autoResponseOf(db: Db, conversationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversations')
    .select('auto_response')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.auto_response ?? false;
}

/** Turns Auto Response on or off in a conversation. */
export async function setAutoResponse(
  db: Db,
  conversationId: string,
  isOn: boolean,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ auto_response: isOn })
    .where('id', '=', conversationId)
    .execute();
}
