/**
 * The Memory Manager (issue 11 §7; product-core.md "Memory": view, edit, new, pin/unpin, delete, delete
 * all). Only the conversation's owner reaches its memories, and only with memory_manager or
 * conversation_memory_auto (memory_manager_forbidden otherwise).
 */
import { z } from 'zod';
import { MemoryContentSchema } from '../rules/memory';
import { MemorySchema } from '../schemas/memory';
import { LastIdQuerySchema, lastIdPageOf } from '../schemas/page';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** A page of memories, pinned first, then newest first; the one marked `isLastId` ends the list. */
export const MemoryPageSchema = lastIdPageOf(MemorySchema);
export type MemoryPage = z.infer<typeof MemoryPageSchema>;

export const listMemories = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/memories',
  auth: 'member',
  summary: "A page of a conversation's memories, pinned first",
  params: IdParamsSchema,
  query: LastIdQuerySchema,
  response: MemoryPageSchema,
});

/** A memory the member writes; past memoryLimits.perConversation: memory_limit. */
export const createMemory = endpoint({
  method: 'POST',
  path: '/api/conversations/:id/memories',
  auth: 'member',
  summary: 'Write a new memory in a conversation',
  params: IdParamsSchema,
  body: z.object({ content: MemoryContentSchema, isPinned: z.boolean().default(false) }),
  response: MemorySchema,
});

/** Edits the content, pins or unpins; at least one of the two. */
export const updateMemory = endpoint({
  method: 'PATCH',
  path: '/api/memories/:id',
  auth: 'member',
  summary: 'Edit, pin or unpin a memory',
  params: IdParamsSchema,
  body: z
    .object({ content: MemoryContentSchema.optional(), isPinned: z.boolean().optional() })
    .refine((b) => b.content !== undefined || b.isPinned !== undefined, {
      message: 'Nothing to change',
    }),
  response: MemorySchema,
});

export const deleteMemory = endpoint({
  method: 'DELETE',
  path: '/api/memories/:id',
  auth: 'member',
  summary: 'Delete a memory',
  params: IdParamsSchema,
  response: z.object({ id: z.uuid() }),
});

export const deleteAllMemories = endpoint({
  method: 'DELETE',
  path: '/api/conversations/:id/memories',
  auth: 'member',
  summary: "Delete all of a conversation's memories",
  params: IdParamsSchema,
  response: z.object({ deleted: z.number().int() }),
});
