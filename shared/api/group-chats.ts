/**
 * Talking in a group chat over REST (product-core.md, "Chat screen": Enable or Disable Auto Response,
 * for group bots only; premium). Next and the turn choice travel over the socket (shared/realtime).
 */
import { z } from 'zod';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** Whether the bots of a group conversation keep answering each other after a message. */
export const AutoResponseSchema = z.object({ isOn: z.boolean() });
export type AutoResponse = z.infer<typeof AutoResponseSchema>;

/** Auto Response of one of the caller's group conversations (404 for another's, or a chatbot's). */
export const getAutoResponse = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/auto-response',
  auth: 'chat',
  flag: 'groupchat',
  summary: "Whether Auto Response is on in one of the caller's group conversations",
  params: IdParamsSchema,
  response: AutoResponseSchema,
});

/** Enable or Disable Auto Response (premium); switching it off ends a chain of bot replies at once. */
export const updateAutoResponse = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/auto-response',
  auth: 'chat',
  flag: 'groupchat',
  summary: 'Switch Auto Response on or off in a group conversation (premium)',
  params: IdParamsSchema,
  body: z.strictObject({ isOn: z.boolean() }),
  response: AutoResponseSchema,
});
