import { z } from 'zod';
import { BotRatingSchema } from '../rules/social';

/** Visibility values of the spec; `hidden` is shown as Unlisted. */
export const VisibilitySchema = z.enum(['private', 'permanently_private', 'hidden', 'public']);

/** A chatbot is standard; a group chat is a character of type meta (product-core.md, "Character"). */
export const CharacterTypeSchema = z.enum(['standard', 'meta']);
export type CharacterType = z.infer<typeof CharacterTypeSchema>;

/**
 * A chatbot's definition as it is stored: its fields are declared here once, and the views below, the
 * server's record and the editor's values take them from here (issue 24). The write rules are
 * CharacterInputSchema's (shared/rules/character.ts).
 */
export const CharacterFieldsSchema = z.object({
  name: z.string(),
  title: z.string(),
  greeting: z.string(),
  persona: z.string(),
  scenario: z.string(),
  dialogue: z.string(),
  avatarUrl: z.string().nullable(),
  avatarIsNsfw: z.boolean(),
  isNsfw: z.boolean(),
  visibility: VisibilitySchema,
  tags: z.array(z.string()),
  language: z.string(),
  /** The estimate of shared/rules/token-estimate.ts over the definition, kept with it. */
  tokenCount: z.number().int(),
});
export type CharacterFields = z.infer<typeof CharacterFieldsSchema>;
const field = CharacterFieldsSchema.shape;

/** A library card: what the home grid shows. */
export const CharacterSummarySchema = z.object({
  id: z.uuid(),
  /** meta: a group chat, whose chat is the group chat screen, not the one-bot chat. */
  type: CharacterTypeSchema,
  name: field.name,
  title: field.title,
  avatarUrl: field.avatarUrl,
  tags: field.tags,
  numMessages: z.number().int(),
  isNsfw: field.isNsfw,
  creatorUsername: z.string().nullable(),
});
export type CharacterSummary = z.infer<typeof CharacterSummarySchema>;

/**
 * A chatbot translated into one language (name_i18n, title_i18n and the definition of the spec, for
 * one language): what the profile shows a member whose chat language it is. Definition fields are
 * null when hidden from the caller, as on the profile.
 */
export const CharacterTranslationSchema = z.object({
  language: z.string(),
  name: field.name,
  title: field.title,
  greeting: field.greeting,
  persona: field.persona.nullable(),
  scenario: field.scenario.nullable(),
  dialogue: field.dialogue.nullable(),
});
export type CharacterTranslation = z.infer<typeof CharacterTranslationSchema>;

/** The chatbot profile; definition fields are null when hidden from the caller. */
export const CharacterSchema = CharacterSummarySchema.extend({
  greeting: field.greeting,
  persona: field.persona.nullable(),
  scenario: field.scenario.nullable(),
  dialogue: field.dialogue.nullable(),
  visibility: field.visibility,
  definitionVisible: z.boolean(),
  tokenCount: field.tokenCount,
  language: field.language,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** 0..1: the share of bot ratings that like or love it (shown as a like percentage). */
  ratingScore: z.number().min(0).max(1),
  numRatings: z.number().int(),
  /** Whether the caller made it; the creator sees Edit and Delete, others Report and Block Creator. */
  isCreator: z.boolean(),
  /**
   * Whether it waits for a moderator (manual_review_required): greyed out, and its chat redirects to
   * the chatbots list (product-core.md, "Chat screen").
   */
  isInManualReview: z.boolean(),
  /** Whether it is among the caller's favorites (always false for guests). */
  isFavorite: z.boolean(),
  /** The caller's own bot rating, if any. */
  myRating: BotRatingSchema.nullable(),
  /**
   * The original image of the card it was imported from (the profile shows it; cards and avatars show
   * the square `avatarUrl` derived from it), served to whoever may see the chatbot; null when none.
   */
  cardArtUrl: z.string().nullable(),
  /** Its translation into the member's chat language, when there is one for the current text. */
  translation: CharacterTranslationSchema.nullable(),
  /**
   * The member's chat language when they may translate it into it (shared/rules/translation.ts), so
   * the profile offers Translate; null otherwise (guests, partners, plans without it, spec §6).
   */
  translatableTo: z.string().nullable(),
});
export type Character = z.infer<typeof CharacterSchema>;

/** Where a chatbot's card art is served (shared/api/character-cards.ts, getCardArt). */
export function cardArtPath(characterId: string): string {
  return `/api/characters/${characterId}/art`;
}
