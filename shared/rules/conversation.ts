/**
 * Saved chats (product-rules.md §5, §7, §9): the title rule shared by Change Title and Clone, the page
 * size of conversation lists, and the bounds of a conversation file imported back (issue 11, part 13).
 */
import { z } from 'zod';

export const conversationLimits = {
  /** A conversation's title (spec: clone title required, max 50). */
  title: 50,
  /** Conversations per page (spec: GET conversations with limit 25). */
  pageSize: 25,
  /** Search text of a conversation list. */
  search: 100,
  /** An imported conversation file, in bytes. */
  importBytes: 8 * 1024 * 1024,
  /** Messages (alternatives included) of an imported conversation. */
  importMessages: 20_000,
} as const;

/** A conversation's title: required (non-blank) and at most 50 characters. */
export const ConversationTitleSchema = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(
    conversationLimits.title,
    `Title must be at most ${String(conversationLimits.title)} characters`,
  );
