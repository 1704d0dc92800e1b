/**
 * Lorebooks (product-rules.md §4 "Lorebook", "Lorebook entry"): a member's collection of lore entries
 * that enter a chatbot's prompt when their keywords come up in the chat.
 */
import { z } from 'zod';

/** Where a fired entry goes: before or after the character definition, or into the chat at a depth. */
export const entryPlacements = ['before_char', 'after_char', 'at_depth'] as const;
export type EntryPlacement = (typeof entryPlacements)[number];

/** How secondary keywords refine a primary match (SillyTavern's AND ANY, AND ALL, NOT ANY, NOT ALL). */
export const selectiveLogics = ['and_any', 'and_all', 'not_any', 'not_all'] as const;
export type SelectiveLogic = (typeof selectiveLogics)[number];

/**
 * One lore entry: any of its keywords said in the recent messages (or always, when constant) puts its
 * content in the prompt. What each setting does is shared/rules/lore-scan.ts.
 */
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
  /** Always fires (keywords optional). */
  constant: z.boolean(),
  /** Checked after a keyword matched, by `selectiveLogic`; none: no check. */
  secondaryKeywords: z.array(z.string()),
  selectiveLogic: z.enum(selectiveLogics),
  caseSensitive: z.boolean(),
  /** Keywords must stand as whole words; off, they match inside words too. */
  matchWholeWords: z.boolean(),
  /** The percent chance that a matched entry goes in. */
  probability: z.number().int(),
  placement: z.enum(entryPlacements),
  /** With placement at_depth: how many messages from the end of the chat it goes (0: after the last). */
  depth: z.number().int(),
  /** Other entries' content cannot make this one fire. */
  excludeRecursion: z.boolean(),
  /** This entry's content does not make others fire. */
  preventRecursion: z.boolean(),
  /** Fires only from other entries' content, never from the messages alone. */
  delayUntilRecursion: z.boolean(),
  /** What an imported file carried that we do not use, kept for export. */
  extensions: z.record(z.string(), z.unknown()),
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
  /** Whether fired entries' content is scanned too, so entries can make others fire. */
  recursiveScanning: z.boolean(),
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
