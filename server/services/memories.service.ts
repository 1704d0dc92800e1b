/**
 * The Memory Manager (issue 11 §7): a conversation's memories for its owner only (others get
 * conversation_not_found or memory_not_found, so ids never leak), and only with memory_manager or
 * conversation_memory_auto (product-core.md §6). Auto memories are written by the memory job
 * (workers/memory/), never here.
 */
import type { MemoryPage } from '#shared/api/memories';
import { mayManageMemories, memoryLimits } from '#shared/rules/memory';
import type { Memory } from '#shared/schemas/memory';
import type { Db } from '../db/database';
import * as memories from '../db/repositories/memories.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { isCallerFlagOn } from './applications.service';
import { ownedConversation } from './conversations.service';
import { accessOf, assertMayChat } from './restrictions.service';

function assertMayManage(caller: MemberCaller): void {
  assertMayChat(caller);
  if (!mayManageMemories(accessOf(caller).permissions)) {
    throw new AppError('memory_manager_forbidden');
  }
}

export async function listPage(
  db: Db,
  caller: MemberCaller,
  conversationId: string,
  query: { lastId?: string | undefined; limit: number },
): Promise<MemoryPage> {
  assertMayManage(caller);
  await ownedConversation(db, caller, conversationId);
  const limit = Math.min(query.limit, memoryLimits.pageSize);
  const rows = await memories.listPage(db, conversationId, { lastId: query.lastId, limit });
  const items = rows.slice(0, limit);
  const isEnd = rows.length <= limit;
  return { items: items.map((m, i) => ({ ...m, isLastId: isEnd && i === items.length - 1 })) };
}

export async function create(
  db: Db,
  caller: MemberCaller,
  conversationId: string,
  input: { content: string; isPinned: boolean },
): Promise<Memory> {
  assertMayManage(caller);
  await ownedConversation(db, caller, conversationId);
  const limit = memoryLimits.perConversation;
  const created = await memories.createWithin(db, conversationId, input, limit);
  if (created === 'full') throw new AppError('memory_limit', { details: { limit } });
  return created;
}

/**
 * A memory named by its id alone is the caller's (the repository checks that); while groups are off for
 * the caller, a memory of a group's conversation is as hidden as the conversation.
 */
async function assertMemoryShown(db: Db, caller: MemberCaller, id: string): Promise<void> {
  if (isCallerFlagOn(caller, 'groupchat')) return;
  const memory = await memories.findOwned(db, caller.userId, id);
  if (memory !== undefined) await ownedConversation(db, caller, memory.conversationId);
}

export async function update(
  db: Db,
  caller: MemberCaller,
  id: string,
  changes: { content?: string | undefined; isPinned?: boolean | undefined },
): Promise<Memory> {
  assertMayManage(caller);
  await assertMemoryShown(db, caller, id);
  const memory = await memories.update(db, caller.userId, id, changes);
  if (!memory) throw new AppError('memory_not_found');
  return memory;
}

export async function remove(db: Db, caller: MemberCaller, id: string): Promise<void> {
  assertMayManage(caller);
  await assertMemoryShown(db, caller, id);
  if (!(await memories.remove(db, caller.userId, id))) throw new AppError('memory_not_found');
}

export async function removeAll(
  db: Db,
  caller: MemberCaller,
  conversationId: string,
): Promise<number> {
  assertMayManage(caller);
  await ownedConversation(db, caller, conversationId);
  return memories.removeAll(db, conversationId);
}
