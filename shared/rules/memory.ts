/**
 * Memory rules (product-core.md "Memory", §6 "Memory Manager needs memory_manager or
 * conversation_memory_auto"; issue 11 §7): who may manage memories, who gets auto memories, and the
 * limits of what is stored. The spec gives no lengths: 1000 characters a memory (a persona's highlights
 * hold as much) and 200 memories a member writes per conversation are our choice.
 */
import { z } from 'zod';
import type { Permission } from '../schemas/permission';

export const memoryLimits = {
  /** Characters of one memory's content. */
  content: 1000,
  /** Memories a member writes by hand in one conversation (auto memories are not counted). */
  perConversation: 200,
  /** Memories per page of the manager's list. */
  pageSize: 25,
} as const;

export const MemoryContentSchema = z
  .string()
  .trim()
  .min(1, "Memory can't be empty")
  .max(memoryLimits.content, `Memory should be ${memoryLimits.content} characters or less`);

/** Whether the Memory Manager is open to the holder of these permissions. */
export function mayManageMemories(permissions: readonly Permission[]): boolean {
  return permissions.includes('memory_manager') || permissions.includes('conversation_memory_auto');
}

/** Whether turns that fall out of the context budget are summarised into auto memories. */
export function hasAutoMemories(permissions: readonly Permission[]): boolean {
  return permissions.includes('conversation_memory_auto');
}
