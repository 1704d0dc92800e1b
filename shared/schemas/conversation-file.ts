/**
 * A conversation as a JSONL file (issue 11, part 13): the first line describes the conversation, then
 * one line per message of the messages table, alternatives included, every message after the one it
 * answers (`prevId`), then one line per memory of the conversation. Export writes it; import reads it
 * back as a new conversation. Files written before memories were carried have no memory lines, and
 * those written before speakers were carried have no `subCharacterId`.
 */
import { z } from 'zod';
import { conversationLimits } from '../rules/conversation';
import { memoryLimits } from '../rules/memory';
import { MemoryTypeSchema } from './memory';
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

/**
 * Every other line: one message; `isAlternative` marks a reply set aside by regenerate, and in a group
 * chat `subCharacterId` names the member who spoke a bot message (null for a member since removed).
 */
export const ConversationFileMessageSchema = z.strictObject({
  type: z.literal('message'),
  id: z.uuid(),
  prevId: z.uuid().nullable(),
  role: MessageRoleSchema,
  content: z.string().max(conversationFileContentMax),
  isAlternative: z.boolean(),
  isStopped: z.boolean(),
  subCharacterId: z.uuid().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type ConversationFileMessage = z.infer<typeof ConversationFileMessageSchema>;

/**
 * A memory line, after every message line: `sourceMessageIds` name the messages of this file an auto
 * memory was summarised from (a message is the source of one memory at most).
 */
export const ConversationFileMemorySchema = z.strictObject({
  type: z.literal('memory'),
  content: z.string().trim().min(1).max(memoryLimits.content),
  isPinned: z.boolean(),
  memoryType: MemoryTypeSchema,
  sourceMessageIds: z.array(z.uuid()).max(conversationLimits.importMessages),
  createdAt: z.iso.datetime(),
});
export type ConversationFileMemory = z.infer<typeof ConversationFileMemorySchema>;
