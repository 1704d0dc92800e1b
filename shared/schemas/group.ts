/**
 * A group chat as callers see it (product-rules.md §3 "Group chat"): a character of type meta whose
 * members carry id, name, avatar and visibility, in turn order, and the member who greets first.
 */
import { z } from 'zod';
import { VisibilitySchema } from './character';

/** One member chatbot of a group. */
export const GroupMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  visibility: VisibilitySchema,
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** What makes a character a group: its members and who speaks first. */
export const GroupFieldsSchema = z.object({
  members: z.array(GroupMemberSchema),
  greetingCharacterId: z.uuid().nullable(),
  /** Whether it has enough members to chat ('Group unavailable' otherwise). */
  isAvailable: z.boolean(),
});
export type GroupFields = z.infer<typeof GroupFieldsSchema>;
