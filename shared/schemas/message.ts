import { z } from 'zod';
import { MessageRatingSchema } from '../rules/message-feedback';

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
  /** The member's star rating of a bot message; null until given, then locked. */
  rating: MessageRatingSchema.nullable(),
  /** In a group chat, the member who wrote a bot message (null otherwise). */
  subCharacterId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof MessageSchema>;

/**
 * A message with the other answers to the same message: `alternatives` holds every sibling sharing its
 * `prevId` (itself included), oldest first, so regenerated replies can be browsed.
 */
export const MessageAlternativesSchema = z.object({ alternatives: z.array(MessageSchema) });

/** Text the user may send: trimmed, not empty, bounded. */
export const MessageContentSchema = z.string().trim().min(1).max(4000);
