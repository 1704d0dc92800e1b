/**
 * A chatbot as its creator sees it in My Chatbots and the editor: everything the profile shows plus its
 * moderation record (product-core.md §3, moderationReport) and whether 'Submit for Manual Review' is on
 * offer (submitForManualReview).
 */
import { z } from 'zod';
import { ModerationStatusSchema } from '../rules/moderation';
import { CharacterFieldsSchema, CharacterSchema, CharacterSummarySchema } from './character';
import { GroupFieldsSchema } from './group';

const field = CharacterFieldsSchema.shape;

const ModerationFieldsSchema = z.object({
  visibility: field.visibility,
  moderationStatus: ModerationStatusSchema.nullable(),
  /** Why the review refused it (reason_for_moderation). */
  moderationReasons: z.array(z.string()),
  /** What a moderator did (action_taken_description); null until one decides. */
  moderationAction: z.string().nullable(),
  /** The automatic review flagged it and the creator may ask a person instead. */
  submitForManualReview: z.boolean(),
  ratingScore: z.number(),
  tokenCount: field.tokenCount,
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
  persona: field.persona,
  scenario: field.scenario,
  dialogue: field.dialogue,
  avatarIsNsfw: field.avatarIsNsfw,
  /** Present exactly when it is a group chat (type meta). */
  group: GroupFieldsSchema.optional(),
});
export type OwnCharacter = z.infer<typeof OwnCharacterSchema>;
