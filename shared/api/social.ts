/**
 * What a member does to a chatbot from its card or profile (issue 10, card actions; product-core.md §6
 * "Signed-in" and "Creator of a bot"): favorite, less like this, bot rating, block its creator, delete
 * their own. Guests are refused with sign_in_required (the client shows sign-in prompts instead).
 */
import { z } from 'zod';
import { BotRatingSchema } from '../rules/social';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** Adds a chatbot to the caller's favorites; idempotent. Beyond the limit: character_favorite_limit. */
export const favoriteCharacter = endpoint({
  method: 'PUT',
  path: '/api/characters/:id/favorite',
  auth: 'member',
  summary: 'Add a chatbot to my favorites',
  params: IdParamsSchema,
  response: z.object({ isFavorite: z.literal(true) }),
});

/** Removes a chatbot from the caller's favorites; idempotent. */
export const unfavoriteCharacter = endpoint({
  method: 'DELETE',
  path: '/api/characters/:id/favorite',
  auth: 'member',
  summary: 'Remove a chatbot from my favorites',
  params: IdParamsSchema,
  response: z.object({ isFavorite: z.literal(false) }),
});

/** The ids of the caller's favorites, newest first (at most characterLimits.favorites). */
export const listFavoriteIds = endpoint({
  method: 'GET',
  path: '/api/me/favorite-ids',
  auth: 'member',
  summary: 'The ids of my favorite chatbots',
  response: z.object({ ids: z.array(z.uuid()) }),
});

/** "Less like this": records a dislike (recommendations use it) and drops the chatbot from favorites. */
export const dislikeCharacter = endpoint({
  method: 'PUT',
  path: '/api/characters/:id/dislike',
  auth: 'member',
  summary: 'Less like this: record a dislike of a chatbot',
  params: IdParamsSchema,
  response: z.object({ isDisliked: z.literal(true) }),
});

/** The chatbot's rating after a change, and the caller's own. */
export const RatingStateSchema = z.object({
  ratingScore: z.number().min(0).max(1),
  numRatings: z.number().int(),
  myRating: BotRatingSchema,
});
export type RatingState = z.infer<typeof RatingStateSchema>;

/** Rates a public chatbot like, dislike or love (stored 3, 1, 5); a new rating replaces the old. */
export const rateCharacter = endpoint({
  method: 'PUT',
  path: '/api/characters/:id/rating',
  auth: 'member',
  summary: 'Rate a public chatbot',
  params: IdParamsSchema,
  body: z.object({ value: BotRatingSchema }),
  response: RatingStateSchema,
});

/** A blocked creator (product-core.md §3, "Blocked creator"). */
export const BlockedCreatorSchema = z.object({ id: z.uuid(), username: z.string() });
export type BlockedCreator = z.infer<typeof BlockedCreatorSchema>;

/** A username in a path; the lookup is exact after lowercasing. */
const CreatorParamsSchema = z.object({ username: z.string().trim().toLowerCase().min(1).max(40) });

/** Blocks a creator: their chatbots disappear from the caller's lists and cannot be opened. */
export const blockCreator = endpoint({
  method: 'PUT',
  path: '/api/creators/:username/block',
  auth: 'member',
  summary: 'Block a creator',
  params: CreatorParamsSchema,
  response: BlockedCreatorSchema,
});

/** Unblocks a creator; idempotent. */
export const unblockCreator = endpoint({
  method: 'DELETE',
  path: '/api/creators/:username/block',
  auth: 'member',
  summary: 'Unblock a creator',
  params: CreatorParamsSchema,
  response: BlockedCreatorSchema,
});

/** The creators the caller blocked, most recent first. */
export const listBlockedCreators = endpoint({
  method: 'GET',
  path: '/api/me/blocked-creators',
  auth: 'member',
  summary: 'The creators I blocked',
  response: z.object({ items: z.array(BlockedCreatorSchema) }),
});

/**
 * Deletes the caller's own chatbot with its chats. Needs delete_character: a Restricted member gets
 * account_restricted (the client's Restricted! dialog); anyone else's chatbot is character_not_found.
 */
export const deleteCharacter = endpoint({
  method: 'DELETE',
  path: '/api/characters/:id',
  auth: 'member',
  summary: 'Delete my chatbot',
  params: IdParamsSchema,
  response: z.object({ id: z.uuid() }),
});
