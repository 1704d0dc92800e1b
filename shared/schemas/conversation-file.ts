/**
 * A conversation as a JSONL file (issue 11, part 13): the first line describes the conversation, each
 * other line is one message of the messages table, alternatives included, every message after the one
 * it answers (`prevId`). Export writes it; import reads it back as a new conversation.
 */
import { z } from 'zod';
import { conversationLimits } from '../rules/conversation';
import { MessageRoleSchema } from './message';

/** The version this product writes and reads. */
export const conversationFileVersion = 1;

/** Longest message text an imported file may hold (bot replies can be longer than what users type). */
export const conversationFileContentMax = 32_000;

/** Line 1: the conversation. `lastMessageId` is the head of its current branch. */
export const ConversationFileHeaderSchema = z.strictObject({
  type: z.literal('conversation'),
  version: z.literal(conversationFileVersion),
  characterId: z.uuid(),
  characterName: z.string().max(200),
  label: z.string().max(conversationLimits.title).nullable(),
  lastMessageId: z.uuid().nullable(),
  exportedAt: z.iso.datetime(),
});
export type ConversationFileHeader = z.infer<typeof ConversationFileHeaderSchema>;

/** Every other line: one message; `isAlternative` marks a reply set aside by regenerate. */
export const ConversationFileMessageSchema = z.strictObject({
  type: z.literal('message'),
  id: z.uuid(),
  prevId: z.uuid().nullable(),
  role: MessageRoleSchema,
  content: z.string().max(conversationFileContentMax),
  isAlternative: z.boolean(),
  isStopped: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ConversationFileMessage = z.infer<typeof ConversationFileMessageSchema>;
