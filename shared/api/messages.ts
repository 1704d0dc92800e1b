/**
 * Operations on single messages of a conversation (issue 11): the alternatives of a reply, adopting
 * one, editing, removing from a message on, rating a bot message and reporting a message.
 */
import { z } from 'zod';
import { MessageRatingSchema, MessageReportInputSchema } from '../rules/message-feedback';
import { MessageAlternativesSchema, MessageContentSchema, MessageSchema } from '../schemas/message';
import { endpoint } from './endpoint';

export const MessageParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

export const listAlternatives = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages/:messageId/alternatives',
  auth: 'chat',
  summary: 'The message and the other answers to the same message, oldest first',
  params: MessageParamsSchema,
  response: MessageAlternativesSchema,
});

/** Makes a shown alternative the conversation's current reply (sending after browsing does this). */
export const adoptAlternative = endpoint({
  method: 'POST',
  path: '/api/conversations/:id/messages/:messageId/adopt',
  auth: 'chat',
  summary: 'Make an alternative the current reply of the conversation',
  params: MessageParamsSchema,
  response: MessageSchema,
});

export const editMessage = endpoint({
  method: 'PATCH',
  path: '/api/conversations/:id/messages/:messageId',
  auth: 'chat',
  summary: "Change a message's text",
  params: MessageParamsSchema,
  body: z.object({ content: MessageContentSchema }),
  response: MessageSchema,
});

/** Removes the message, every message after it and all their alternatives. */
export const removeMessages = endpoint({
  method: 'DELETE',
  path: '/api/conversations/:id/messages/:messageId',
  auth: 'chat',
  summary: 'Remove a message and everything after it',
  params: MessageParamsSchema,
  response: z.object({ lastMessageId: z.uuid().nullable() }),
});

export const rateMessage = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/messages/:messageId/rating',
  auth: 'chat',
  summary: 'Rate a bot message (once)',
  params: MessageParamsSchema,
  body: MessageRatingSchema,
  response: MessageSchema,
});

export const reportMessage = endpoint({
  method: 'POST',
  path: '/api/conversations/:id/messages/:messageId/reports',
  auth: 'chat',
  summary: 'Report a message',
  params: MessageParamsSchema,
  body: MessageReportInputSchema,
  response: z.object({ id: z.uuid() }),
});
