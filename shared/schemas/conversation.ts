import { z } from 'zod';
import { CharacterSummarySchema } from './character';
import { MessageSchema } from './message';

/** A reply still being written: its text so far and the sequence number of its last delta. */
export const PendingReplySchema = z.object({
  messageId: z.uuid(),
  text: z.string(),
  seq: z.number().int(),
  /** An autopilot draft for the user's message box is being written, not a reply. */
  isAutopilot: z.boolean().optional(),
  /** In a group chat, the member who speaks (from `generation:started`). */
  speakerId: z.uuid().optional(),
});
export type PendingReply = z.infer<typeof PendingReplySchema>;

/** A finished autopilot draft waiting in the user's message box until they send or discard it. */
export const AutopilotDraftSchema = z.object({
  draftId: z.uuid(),
  text: z.string(),
  isStopped: z.boolean(),
});
export type AutopilotDraft = z.infer<typeof AutopilotDraftSchema>;

export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  characterId: z.uuid(),
  character: CharacterSummarySchema,
  label: z.string().nullable(),
  /** The head of the current branch; null for a conversation without messages. */
  lastMessageId: z.uuid().nullable(),
  messageCount: z.number().int(),
  lastMessage: MessageSchema.pick({ content: true, createdAt: true }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The persona the member chats as (null: their display name, or "User"). */
  userPersonaId: z.uuid().nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** A conversation as the chat screen loads it. */
export const ConversationSchema = ConversationSummarySchema.extend({
  pending: PendingReplySchema.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
