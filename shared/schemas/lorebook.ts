/**
 * Lorebooks (product-rules.md §4 "Lorebook", "Lorebook entry"): a member's collection of lore entries
 * that enter a chatbot's prompt when their keywords come up in the chat.
 */
import { z } from 'zod';

/** One lore entry: any of its keywords said in the recent messages puts its content in the prompt. */
export const LorebookEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  keywords: z.array(z.string()),
  content: z.string(),
  /** Within the budget, a higher priority is kept first. */
  priority: z.number().int(),
  /** In the prompt, a lower insertion order goes first. */
  insertionOrder: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type LorebookEntry = z.infer<typeof LorebookEntrySchema>;

/** What a member writes of an entry: all but the id and timestamp (the editor's values, the repo's write). */
export const LorebookEntryFieldsSchema = LorebookEntrySchema.omit({ id: true, updatedAt: true });
export type LorebookEntryFields = z.infer<typeof LorebookEntryFieldsSchema>;

export const LorebookSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string(),
  tags: z.array(z.string()),
  creatorUsername: z.string().nullable(),
  numEntries: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type LorebookSummary = z.infer<typeof LorebookSummarySchema>;

export const LorebookSchema = LorebookSummarySchema.extend({
  /** How many recent messages are scanned for keywords. */
  scanDepth: z.number().int(),
  /** The most tokens this book's entries may add to one prompt. */
  tokenBudget: z.number().int(),
  /** Whether the caller created it (and may edit it). */
  isOwner: z.boolean(),
  entries: z.array(LorebookEntrySchema),
});
export type Lorebook = z.infer<typeof LorebookSchema>;

/** A lorebook as attached to a chatbot: enough to name it. */
export const AttachedLorebookSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  numEntries: z.number().int(),
});
export type AttachedLorebook = z.infer<typeof AttachedLorebookSchema>;
