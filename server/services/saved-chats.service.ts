/**
 * Recent Chats and Saved Chats (product-core.md, "Other screens"; issue 11, parts 4 and 5): the member's
 * conversation lists in pages of 25 after a last id, Change Title, remove, and Clone Fully or Partially.
 * Ownership is checked by ownedConversation, as on every conversation route.
 */
import type { ConversationPage } from '#shared/api/conversations';
import { conversationLimits } from '#shared/rules/conversation';
import type { ConversationSummary } from '#shared/schemas/conversation';
import type { Db } from '../db/database';
import * as conversations from '../db/repositories/conversations.repo';
import * as librarySearch from '../db/repositories/library-search.repo';
import * as memories from '../db/repositories/memories.repo';
import * as messages from '../db/repositories/messages.repo';
import { AppError } from '../lib/errors';
import type { Caller } from '../lib/caller';
import type { ReplyState } from '../lib/reply-state';
import { isCallerFlagOn } from './applications.service';
import { findVisible } from './characters.service';
import { ownedConversation, summaryOf, toSummary } from './conversations.service';

interface ListQuery {
  limit: number;
  lastId?: string | undefined;
  search?: string | undefined;
}

/**
 * A page of the caller's conversations (with one character when `characterId` is given), a guest's
 * as well as a member's (signing up keeps a guest's chats: auth.service, mergeGuestInto). Chats with
 * groups are not listed while group chats are off for the caller (characters.service.ts, assertShownType).
 */
export async function listPage(
  db: Db,
  caller: Caller,
  query: ListQuery,
  characterId?: string,
): Promise<ConversationPage> {
  if (characterId !== undefined) await findVisible(db, caller, characterId);
  const limit = Math.min(query.limit, conversationLimits.pageSize);
  const rows = await conversations.listPage(db, {
    userId: caller.userId,
    characterId,
    search: query.search,
    lastId: query.lastId,
    limit,
    isWithoutGroups: !isCallerFlagOn(caller, 'groupchat'),
  });
  const page = rows.slice(0, limit);
  const isEnd = rows.length <= limit;
  // Three queries a page: the conversations, their characters and their last messages.
  const [records, lasts] = await Promise.all([
    librarySearch.findRecords(db, [...new Set(page.map((r) => r.characterId))]),
    messages.findByIds(
      db,
      page.flatMap((r) => (r.lastMessageId === null ? [] : [r.lastMessageId])),
    ),
  ]);
  const characterById = new Map(records.map((c) => [c.id, c]));
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  const items = page.flatMap((row) => {
    const character = characterById.get(row.characterId);
    return character ? [summaryOf(row, character, lastById.get(row.lastMessageId ?? ''))] : [];
  });
  return { items: items.map((c, i) => ({ ...c, isLastId: isEnd && i === items.length - 1 })) };
}

export async function updateLabel(
  db: Db,
  caller: Caller,
  id: string,
  label: string,
): Promise<{ label: string }> {
  await ownedConversation(db, caller, id);
  const updated = await conversations.updateLabel(db, { id, userId: caller.userId, label });
  if (!updated) throw new AppError('conversation_not_found');
  return { label };
}

/** Removes a conversation; refused while a reply to it is being written (its job would lose it). */
export async function remove(
  deps: { db: Db; replies: ReplyState },
  caller: Caller,
  id: string,
): Promise<void> {
  await ownedConversation(deps.db, caller, id);
  if ((await deps.replies.read(id)) !== null) throw new AppError('conversation_busy');
  if (!(await conversations.deleteOwned(deps.db, id, caller.userId))) {
    throw new AppError('conversation_not_found');
  }
}

/**
 * The memories a clone carries: pinned and hand-written ones always, an auto memory only when every
 * message it came from is kept (a partial clone cuts the rest); sources follow their messages to
 * their new ids (`newIds`), and a source that was cut is dropped from a pinned memory's links.
 */
export function carriedMemories(
  list: readonly memories.CarriedMemory[],
  newIds: ReadonlyMap<string, string>,
): memories.CarriedMemory[] {
  return list.flatMap((m) => {
    const kept = m.sourceMessageIds.flatMap((id) => newIds.get(id) ?? []);
    const isWhole = kept.length === m.sourceMessageIds.length;
    if (!m.isPinned && m.memoryType === 'other' && !isWhole) return [];
    return [{ ...m, sourceMessageIds: kept }];
  });
}

/**
 * Clone Fully (every message, alternatives included) or Clone Partially (up to `lastMessageId`) into
 * a new conversation of the caller titled `title`, all in one transaction.
 */
export async function clone(
  db: Db,
  caller: Caller,
  id: string,
  input: { title: string; lastMessageId?: string | undefined },
): Promise<ConversationSummary> {
  const source = await ownedConversation(db, caller, id);
  await findVisible(db, caller, source.characterId);
  const headId = input.lastMessageId ?? source.lastMessageId;
  const created = await db.transaction().execute(async (trx) => {
    const target = await conversations.createTitled(trx, {
      userId: caller.userId,
      characterId: source.characterId,
      label: input.title,
    });
    const sourceMemories = await memories.listAll(trx, source.id);
    if (headId === null) {
      await memories.insertCarried(trx, target.id, carriedMemories(sourceMemories, new Map()));
      return target;
    }
    const copied = await messages.copyInto(trx, {
      fromId: source.id,
      toId: target.id,
      headId,
      isFull: input.lastMessageId === undefined,
      mapIds: sourceMemories.flatMap((m) => m.sourceMessageIds),
    });
    if (copied === undefined) throw new AppError('not_found', { field: 'lastMessageId' });
    await memories.insertCarried(trx, target.id, carriedMemories(sourceMemories, copied.newIds));
    return conversations.setHead(trx, {
      id: target.id,
      lastMessageId: copied.headId,
      messageCount: copied.branchLength,
    });
  });
  return toSummary(db, created);
}
