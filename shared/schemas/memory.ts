import { z } from 'zod';

/** Who wrote a memory: the member (`user`) or the memory job, summarising the chat (`other`). */
export const MemoryTypeSchema = z.enum(['user', 'other']);
export type MemoryType = z.infer<typeof MemoryTypeSchema>;

/** A memory of a conversation (product-core.md "Memory"); pinned ones always enter the prompt. */
export const MemorySchema = z.object({
  id: z.uuid(),
  content: z.string(),
  isPinned: z.boolean(),
  memoryType: MemoryTypeSchema,
  /** The messages an auto memory was summarised from, in chat order (empty for the member's own). */
  sourceMessageIds: z.array(z.uuid()),
  createdAt: z.iso.datetime(),
});
export type Memory = z.infer<typeof MemorySchema>;
