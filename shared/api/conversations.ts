import { z } from 'zod';
import { ConversationSchema, ConversationSummarySchema } from '../schemas/conversation';
import { MessageSchema } from '../schemas/message';
import { CursorQuerySchema, cursorPageOf } from '../schemas/page';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** Saved chats of a member, most recent first (guests' chats are not listed). */
export const listConversations = endpoint({
  method: 'GET',
  path: '/api/conversations',
  auth: 'chat',
  summary: "List the caller's saved chats, newest first",
  query: CursorQuerySchema,
  response: cursorPageOf(ConversationSummarySchema),
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
