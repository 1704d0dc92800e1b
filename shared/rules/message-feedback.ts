/**
 * Feedback on one chat message (product-core.md, "Message rating levels" and "Report"): the star rating
 * of a bot message, locked once set, and the report of a message with a label and a comment.
 */
import { z } from 'zod';

/** The four levels, worst first; a level's stars are its place in this list plus one. */
export const messageRatingLevels = ['Terrible', 'Bad', 'Great', 'Fantastic'] as const;
export const MessageRatingLevelSchema = z.enum(messageRatingLevels);
export type MessageRatingLevel = z.infer<typeof MessageRatingLevelSchema>;

export const negativeRatingReasons = [
  'Out of Character',
  'Bad Memory',
  'Repetitive',
  'Empty Response',
  'Incomplete',
  'Respond as User',
] as const;
export const positiveRatingReasons = [
  'Interesting',
  'Funny',
  'Good Memory',
  'Spicy',
  'Unique',
] as const;
export const MessageRatingReasonSchema = z.enum([
  ...negativeRatingReasons,
  ...positiveRatingReasons,
]);
export type MessageRatingReason = z.infer<typeof MessageRatingReasonSchema>;

/** Terrible and Bad take the negative reasons; Great and Fantastic the positive ones. */
export function reasonsFor(level: MessageRatingLevel): readonly MessageRatingReason[] {
  return level === 'Terrible' || level === 'Bad' ? negativeRatingReasons : positiveRatingReasons;
}

/** A rating as given and as stored: a level and any of its reasons, each at most once. */
export const MessageRatingSchema = z
  .object({
    level: MessageRatingLevelSchema,
    reasons: z.array(MessageRatingReasonSchema).max(positiveRatingReasons.length + 1),
  })
  .refine(({ level, reasons }) => reasons.every((r) => reasonsFor(level).includes(r)), {
    message: 'A reason does not fit the rating',
    path: ['reasons'],
  })
  .refine(({ reasons }) => new Set(reasons).size === reasons.length, {
    message: 'A reason is given twice',
    path: ['reasons'],
  });
export type MessageRating = z.infer<typeof MessageRatingSchema>;

/** What a message is reported for; the spec names the field (label) but not its choices. */
export const messageReportLabels = [
  'Harmful or illegal',
  'Sexual content involving minors',
  'Hate or harassment',
  'Spam or scam',
  'Other',
] as const;
export const MessageReportLabelSchema = z.enum(messageReportLabels);

/** A comment is as long as a report's details may be (product-rules.md §9: 250). */
export const messageReportCommentMax = 250;

export const MessageReportInputSchema = z.object({
  label: MessageReportLabelSchema,
  comment: z.string().trim().max(messageReportCommentMax).default(''),
});
export type MessageReportInput = z.infer<typeof MessageReportInputSchema>;
