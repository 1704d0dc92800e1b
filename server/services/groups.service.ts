/**
 * Creating and editing group chats (issue 12; product-rules.md §5 "Group chat form", §7 "group create
 * and update use the character create and update calls"). A group is a character of type meta: it is
 * saved, moderated and deleted like a chatbot; this service adds the member rules that need the
 * database: each member exists, the caller may see it, it is a chatbot (not a group), and a public or
 * unlisted group carries no private chatbot (named in the refusal).
 */
import {
  privateMembersBlocking,
  privateMembersMessage,
  type GroupInput,
} from '#shared/rules/group';
import { estimateTokens } from '#shared/rules/token-estimate';
import type { OwnCharacter, OwnCharacterSummary } from '#shared/schemas/own-character';
import type { GroupFields } from '#shared/schemas/group';
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import * as groups from '../db/repositories/groups.repo';
import * as own from '../db/repositories/own-characters.repo';
import * as creatorBlocks from '../db/repositories/creator-blocks.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import {
  characterWrite,
  createOwned,
  updateOwned,
  type AuthoringDeps,
  type SaveKind,
} from './authoring.service';

type SaveGroupInput = GroupInput & { submitForManualReview: boolean };

/** Checks the members against the caller and the group's visibility, inside the save's transaction. */
async function assertMembers(trx: Db, caller: MemberCaller, input: SaveGroupInput): Promise<void> {
  const found = await groups.findCandidates(trx, input.subCharacterIds);
  const byId = new Map(found.map((c) => [c.id, c]));
  const candidates = [];
  for (const id of input.subCharacterIds) {
    const c = byId.get(id);
    const isOwn = c?.creatorUserId === caller.userId;
    const isListed = c?.visibility === 'public' || c?.visibility === 'hidden';
    const isBlocked =
      c !== undefined &&
      !isOwn &&
      c.creatorUserId !== null &&
      (await creatorBlocks.isBlocked(trx, caller.userId, c.creatorUserId));
    // Another member's private bot reads as missing, as it does everywhere else.
    if (!c || !(isOwn || isListed) || isBlocked) {
      throw new AppError('character_not_found', { field: 'subCharacterIds', details: { id } });
    }
    if (c.type === 'meta') {
      throw new AppError('validation_failed', {
        field: 'subCharacterIds',
        message: 'A group chat cannot be a member of another group.',
        details: { id },
      });
    }
    candidates.push(c);
  }
  const blocking = privateMembersBlocking(input.visibility, candidates);
  if (blocking.length > 0) {
    throw new AppError('group_private_members', {
      field: 'subCharacterIds',
      message: privateMembersMessage(blocking.map((m) => m.name)),
      details: { names: blocking.map((m) => m.name), ids: blocking.map((m) => m.id) },
    });
  }
}

/** A group as its creator sees it, members included. */
export async function ownGroup(db: Db, id: string): Promise<OwnCharacter> {
  const saved = await own.findOwn(db, id);
  const record = await characters.findById(db, id);
  if (!saved || record?.type !== 'meta') throw new AppError('character_not_found');
  return { ...saved, group: await groups.groupFields(db, record) };
}

function greeterOf(input: SaveGroupInput): string | null {
  return input.greetingCharacterId ?? input.subCharacterIds[0] ?? null;
}

/**
 * A group's save: a chatbot's fields without a personality or dialogues, its members checked against
 * the visibility it is saved with, and written with it.
 */
function groupKind(caller: MemberCaller, input: SaveGroupInput): SaveKind {
  return {
    noun: 'group',
    isOwnType: (type) => type === 'meta',
    otherTypeMessage: 'A chatbot cannot be turned into a group chat.',
    write: (decision) =>
      characterWrite(
        { ...input, persona: '', dialogue: '' },
        estimateTokens(input.scenario + input.greeting),
        decision,
      ),
    check: (trx, decision) =>
      assertMembers(trx, caller, {
        ...input,
        visibility: decision.visibility === 'permanently_private' ? 'private' : decision.visibility,
      }),
    writeWith: (trx, id) => groups.setGroup(trx, id, input.subCharacterIds, greeterOf(input)),
  };
}

/** Creates a group chat for the caller; a public one goes to review first, as a chatbot does. */
export async function createGroup(
  deps: AuthoringDeps,
  caller: MemberCaller,
  input: SaveGroupInput,
): Promise<OwnCharacter> {
  return ownGroup(deps.db, await createOwned(deps, caller, input, groupKind(caller, input)));
}

/** Updates the caller's group; a chatbot cannot become a group this way, nor a group a chatbot. */
export async function updateGroup(
  deps: AuthoringDeps,
  caller: MemberCaller,
  id: string,
  input: SaveGroupInput,
): Promise<OwnCharacter> {
  await updateOwned(deps, caller, id, input, groupKind(caller, input));
  return ownGroup(deps.db, id);
}

/** My Group Chats: the caller's groups with their members. */
export async function listOwnGroups(
  db: Db,
  caller: MemberCaller,
): Promise<(OwnCharacterSummary & { group: GroupFields })[]> {
  const [summaries, ids] = await Promise.all([
    own.listByCreator(db, caller.userId, 'meta'),
    groups.listGroupIdsByCreator(db, caller.userId),
  ]);
  const members = await groups.membersOf(
    db,
    ids.map((g) => g.id),
  );
  const greeters = new Map(ids.map((g) => [g.id, g.greetingCharacterId]));
  return summaries.map((s) => ({
    ...s,
    group: groups.toGroupFields(members.get(s.id) ?? [], greeters.get(s.id) ?? null),
  }));
}

/** Whether the character is a group chat. */
export async function isGroup(db: Db, id: string): Promise<boolean> {
  return (await characters.findById(db, id))?.type === 'meta';
}
