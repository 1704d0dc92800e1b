/**
 * What members do to a chatbot from its card or profile (product-core.md §6, "Signed-in" and "Sharing";
 * §3 "Rating values"): the rating values and the score they make, and when a chatbot may be shared.
 */
import { z } from 'zod';

/** A bot rating as the API takes it. */
export const BotRatingSchema = z.enum(['like', 'dislike', 'love']);
export type BotRating = z.infer<typeof BotRatingSchema>;

/** The stored value of each rating (spec: like 3, dislike 1, love 5). */
export const ratingValues: Record<BotRating, 1 | 3 | 5> = { like: 3, dislike: 1, love: 5 };

/** The rating a stored value stands for. */
export function ratingOfValue(value: 1 | 3 | 5): BotRating {
  return value === 5 ? 'love' : value === 3 ? 'like' : 'dislike';
}

/**
 * The rating score (0..1, shown as a like percentage): the share of ratings that like or love the
 * chatbot. No ratings score 0, which the profile shows as "No ratings yet" rather than 0%.
 */
export function ratingScore(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.filter((v) => v >= ratingValues.like).length / values.length;
}

/** The like percentage a score is shown as: a whole number from 0 to 100. */
export function likePercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/**
 * Sharing (spec §6): only public or hidden (Unlisted) chatbots, and never one whose creator the member
 * blocked (they cannot open it anyway).
 */
export function canShare(
  character: { visibility: 'private' | 'permanently_private' | 'hidden' | 'public' },
  isCreatorBlocked: boolean,
): boolean {
  return (
    !isCreatorBlocked && (character.visibility === 'public' || character.visibility === 'hidden')
  );
}

/** Bot rating (spec §6): only signed-in members, only public chatbots, never one's own. */
export function canRate(
  character: { visibility: 'private' | 'permanently_private' | 'hidden' | 'public' },
  viewer: { isMember: boolean; isCreator: boolean },
): boolean {
  return viewer.isMember && !viewer.isCreator && character.visibility === 'public';
}
