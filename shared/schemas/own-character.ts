/**
 * A chatbot as its creator sees it in My Chatbots and the editor: everything the profile shows plus its
 * moderation record (product-core.md §3, moderationReport) and whether 'Submit for Manual Review' is on
 * offer (submitForManualReview).
 */
import { z } from 'zod';
import { ModerationStatusSchema } from '../rules/moderation';
import { CharacterSchema, CharacterSummarySchema, VisibilitySchema } from './character';
import { GroupFieldsSchema } from './group';

const ModerationFieldsSchema = z.object({
  visibility: VisibilitySchema,
  moderationStatus: ModerationStatusSchema.nullable(),
  /** Why the review refused it (reason_for_moderation). */
  moderationReasons: z.array(z.string()),
  /** What a moderator did (action_taken_description); null until one decides. */
  moderationAction: z.string().nullable(),
  /** The automatic review flagged it and the creator may ask a person instead. */
  submitForManualReview: z.boolean(),
  ratingScore: z.number(),
  tokenCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A row of My Chatbots. */
export const OwnCharacterSummarySchema = CharacterSummarySchema.extend(
  ModerationFieldsSchema.shape,
);
export type OwnCharacterSummary = z.infer<typeof OwnCharacterSummarySchema>;

/** The editor's view: the whole definition, always (it is the creator's). */
export const OwnCharacterSchema = CharacterSchema.extend({
  ...ModerationFieldsSchema.shape,
  persona: z.string(),
  scenario: z.string(),
  dialogue: z.string(),
  avatarIsNsfw: z.boolean(),
  /** Present exactly when it is a group chat (type meta). */
  group: GroupFieldsSchema.optional(),
});
export type OwnCharacter = z.infer<typeof OwnCharacterSchema>;
