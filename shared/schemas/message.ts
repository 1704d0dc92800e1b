import { z } from 'zod';

export const MessageRoleSchema = z.enum(['user', 'bot']);

/** One chat message; `prevId` links it to the message it answers, so branches need no rewrite. */
export const MessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  prevId: z.uuid().nullable(),
  role: MessageRoleSchema,
  content: z.string(),
  /** True when the reply was stopped by the user before the model finished. */
  isStopped: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Text the user may send: trimmed, not empty, bounded. */
export const MessageContentSchema = z.string().trim().min(1).max(4000);
