/**
 * Creating and editing chatbots (issue 10, "Chatbot editor"), the creator's own list (My Chatbots),
 * chatbot avatar uploads and the moderators' review queue. A save answers the chatbot as its creator
 * sees it, moderation record included, so the form knows whether it went to review.
 */
import { z } from 'zod';
import { CardBookChoiceSchema, CardExtrasSchema } from '../cards/card-schemas';
import { CharacterInputSchema } from '../rules/character';
import { GroupInputSchema } from '../rules/group';
import { GroupFieldsSchema } from '../schemas/group';
import { ModerationStatusSchema } from '../rules/moderation';
import { OwnCharacterSchema, OwnCharacterSummarySchema } from '../schemas/own-character';
import { endpoint } from './endpoint';

const IdParamsSchema = z.object({ id: z.uuid() });

/** The body of a create or update: the shared chatbot input, and on update the manual-review ask. */
export const SaveCharacterBodySchema = CharacterInputSchema.safeExtend({
  /** 'Submit for Manual Review': only when the automatic review flagged the bot (fix_required). */
  submitForManualReview: z.boolean().default(false),
});
export type SaveCharacterBody = z.input<typeof SaveCharacterBodySchema>;

/** Where an imported card's original image is kept (the preview answers it). */
export const CardArtUrlSchema = z
  .string()
  .max(200)
  .regex(/^\/uploads\/card-art\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'Not a card image of ours');

/**
 * What an imported card brings to a new chatbot besides its fields: the card data kept for export
 * (features/cards), the card's original image, and what to do with its embedded book (skip or fit its
 * problem entries, as a lorebook import does, or leave it out).
 */
export const CardImportFieldsSchema = z.object({
  cardExtras: CardExtrasSchema.nullable().default(null),
  cardArtUrl: CardArtUrlSchema.nullable().default(null),
  cardBook: CardBookChoiceSchema.default('skip'),
});
export type CardImportFields = z.output<typeof CardImportFieldsSchema>;

/** A new chatbot may carry what an imported card brought. */
export const CreateCharacterBodySchema = SaveCharacterBodySchema.safeExtend(
  CardImportFieldsSchema.shape,
);
export type CreateCharacterBody = z.input<typeof CreateCharacterBodySchema>;

/** A group chat's create or update (product-rules.md §7: the character calls with the group payload). */
export const SaveGroupBodySchema = GroupInputSchema.safeExtend({
  submitForManualReview: z.boolean().default(false),
});
export type SaveGroupBody = z.input<typeof SaveGroupBodySchema>;

/** A chatbot's payload (no type, or type standard) or a group's (type meta). */
const CreateChatbotOrGroupBodySchema = z.discriminatedUnion('type', [
  CreateCharacterBodySchema.safeExtend({ type: z.literal('standard').optional() }),
  SaveGroupBodySchema,
]);
const SaveChatbotOrGroupBodySchema = z.discriminatedUnion('type', [
  SaveCharacterBodySchema.safeExtend({ type: z.literal('standard').optional() }),
  SaveGroupBodySchema,
]);

export const createCharacter = endpoint({
  method: 'POST',
  path: '/api/characters',
  auth: 'create',
  summary: 'Create a chatbot or a group chat (create_character); a public one goes to review first',
  body: CreateChatbotOrGroupBodySchema,
  response: OwnCharacterSchema,
});

export const updateCharacter = endpoint({
  method: 'PUT',
  path: '/api/characters/:id',
  auth: 'create',
  summary: 'Update your chatbot or group chat; publishing or fixing it sends it to review',
  params: IdParamsSchema,
  body: SaveChatbotOrGroupBodySchema,
  response: OwnCharacterSchema,
});

/** Every chatbot of the caller, any visibility, newest first (My Chatbots filters and sorts them). */
export const listOwnCharacters = endpoint({
  method: 'GET',
  path: '/api/me/characters',
  auth: 'member',
  summary: 'List your chatbots with their moderation status',
  response: z.object({ items: z.array(OwnCharacterSummarySchema) }),
});

/** A row of My Group Chats: the card, moderation record and members. */
export const OwnGroupSummarySchema = OwnCharacterSummarySchema.extend({
  group: GroupFieldsSchema,
});
export type OwnGroupSummary = z.infer<typeof OwnGroupSummarySchema>;

/** Every group chat of the caller, any visibility, newest first (My Group Chats). */
export const listOwnGroups = endpoint({
  method: 'GET',
  path: '/api/me/groups',
  auth: 'member',
  flag: 'groupchat',
  summary: 'List your group chats with their members and moderation status',
  response: z.object({ items: z.array(OwnGroupSummarySchema) }),
});

/** One of the caller's chatbots for the editor; another member's gets character_not_owner. */
export const getOwnCharacter = endpoint({
  method: 'GET',
  path: '/api/me/characters/:id',
  auth: 'member',
  summary: 'Get your chatbot with its whole definition, for editing',
  params: IdParamsSchema,
  response: OwnCharacterSchema,
});

/** Uploads a chatbot avatar as multipart form data (field `avatar`); the URL goes in the save. */
export const uploadCharacterAvatar = endpoint({
  method: 'POST',
  path: '/api/uploads/character-avatar',
  auth: 'create',
  summary: 'Upload a chatbot avatar image (multipart field avatar)',
  response: z.object({ avatarUrl: z.string() }),
});

/** A chatbot waiting for a moderator, as the review screen lists it. */
export const ReviewItemSchema = OwnCharacterSchema.extend({
  creatorUserId: z.uuid().nullable(),
  manualReviewRequested: z.boolean(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** Admin: chatbots in manual review or flagged by the automatic review, oldest first. */
export const listReviewQueue = endpoint({
  method: 'GET',
  path: '/api/admin/moderation',
  auth: 'admin',
  summary: 'Admin: chatbots waiting for manual review or flagged',
  query: z.object({
    status: ModerationStatusSchema.extract(['manual_review_required', 'fix_required']).default(
      'manual_review_required',
    ),
  }),
  response: z.object({ items: z.array(ReviewItemSchema) }),
});

const reasonSchema = z.string().trim().min(3).max(300);

/** A moderator's decision: approve lists the bot; reject asks the creator to fix it, with reasons. */
export const ReviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    action: z.string().trim().min(3).max(300),
  }),
  z.object({
    decision: z.literal('reject'),
    reasons: z.array(reasonSchema).min(1).max(10),
    action: z.string().trim().min(3).max(300),
  }),
]);
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const decideReview = endpoint({
  method: 'POST',
  path: '/api/admin/moderation/:id',
  auth: 'admin',
  summary: 'Admin: approve or reject a chatbot under review, recording the action taken',
  params: IdParamsSchema,
  body: ReviewDecisionSchema,
  response: ReviewItemSchema,
});
