import { z } from 'zod';
import { ConversationTitleSchema, conversationLimits } from '../rules/conversation';
import { ConversationSchema, ConversationSummarySchema } from '../schemas/conversation';
import { MessageSchema } from '../schemas/message';
import { CursorQuerySchema, LastIdQuerySchema, cursorPageOf, lastIdPageOf } from '../schemas/page';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** A page of a conversation list: 25 after `lastId`, optionally searched by title or chatbot name. */
export const ConversationListQuerySchema = LastIdQuerySchema.extend({
  search: z.string().trim().max(conversationLimits.search).optional(),
});

/** A page of conversations; the one marked `isLastId` ends the list (no Load More after it). */
export const ConversationPageSchema = lastIdPageOf(ConversationSummarySchema);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

/** Recent Chats: a member's conversations, most recent first (guests' chats are not listed). */
export const listConversations = endpoint({
  method: 'GET',
  path: '/api/conversations',
  auth: 'chat',
  summary: "List the caller's chats, most recent first, 25 a page after last_id",
  query: ConversationListQuerySchema,
  response: ConversationPageSchema,
});

/** Saved Chats with one character: the member's conversations with it, most recent first. */
export const listCharacterConversations = endpoint({
  method: 'GET',
  path: '/api/characters/:id/conversations',
  auth: 'chat',
  summary: "List the caller's chats with one chatbot, most recent first, 25 a page after last_id",
  params: IdParamsSchema,
  query: ConversationListQuerySchema,
  response: ConversationPageSchema,
});

/** The caller's latest conversation with a character, so /chat/{characterId} resumes it. */
export const getLatestConversation = endpoint({
  method: 'GET',
  path: '/api/characters/:id/conversations/latest',
  auth: 'chat',
  summary: "The caller's most recent conversation with a character, or null",
  params: IdParamsSchema,
  response: z.object({ conversation: ConversationSummarySchema.nullable() }),
});

export const getConversation = endpoint({
  method: 'GET',
  path: '/api/conversations/:id',
  auth: 'chat',
  summary: 'Get a conversation, including the text so far of a reply in flight',
  params: IdParamsSchema,
  response: ConversationSchema,
});

/** Messages of the conversation's current branch, newest page first, each page in chat order. */
export const listMessages = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages',
  auth: 'chat',
  summary: 'List messages of a conversation, newest page first',
  params: IdParamsSchema,
  query: CursorQuerySchema,
  response: cursorPageOf(MessageSchema),
});

/** Change Title: sets the conversation's title (required, at most 50). */
export const updateConversationLabel = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/label',
  auth: 'chat',
  summary: "Change a conversation's title",
  params: IdParamsSchema,
  body: z.strictObject({ label: ConversationTitleSchema }),
  response: z.object({ label: z.string() }),
});

/** Removes a conversation and its messages (refused while a reply is being written). */
export const deleteConversation = endpoint({
  method: 'DELETE',
  path: '/api/conversations/:id',
  auth: 'chat',
  summary: 'Remove a conversation with all its messages',
  params: IdParamsSchema,
  response: z.object({}),
});

/**
 * Clone Fully (no `lastMessageId`: every message, alternatives included) or Clone Partially (the branch
 * up to and including `lastMessageId`, with the alternatives along it) into a new conversation titled
 * `title`.
 */
export const cloneConversation = endpoint({
  method: 'POST',
  path: '/api/conversations/:id/clone',
  auth: 'chat',
  summary: 'Clone a conversation fully, or up to one of its messages, under a new title',
  params: IdParamsSchema,
  body: z.strictObject({ title: ConversationTitleSchema, lastMessageId: z.uuid().optional() }),
  response: ConversationSummarySchema,
});

/** Downloads a conversation as a JSONL file (shared/schemas/conversation-file.ts). */
export const exportConversation = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/export',
  auth: 'chat',
  summary: 'Download a conversation, alternatives included, as a JSONL file',
  params: IdParamsSchema,
  /** The file itself (application/x-ndjson), as an attachment. */
  response: z.string(),
});

/** The multipart field of an imported conversation file. */
export const conversationFileField = 'file';

/**
 * Imports an exported conversation file (multipart field `file`, up to conversationLimits.importBytes)
 * as a new conversation of the caller with the same chatbot; all of it or nothing.
 */
export const importConversation = endpoint({
  method: 'POST',
  path: '/api/conversations/import',
  auth: 'chat',
  summary: 'Import a conversation file (JSONL) as a new conversation with the same chatbot',
  response: ConversationSummarySchema,
});
