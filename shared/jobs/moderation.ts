/**
 * The `moderation` queue contract (docs/architecture.md, "Queues"): one review per save that sent a
 * chatbot to review. The job id names the character and its moderation revision, so a save is reviewed
 * once however often it is enqueued, and finished jobs are removed so the id stays free for no one else.
 */
import { z } from 'zod';

export const moderationQueue = 'moderation';

export const ReviewCharacterJobSchema = z.object({
  characterId: z.uuid(),
  /** The character's moderation_revision when it was sent to review. */
  revision: z.number().int().min(1),
});
export type ReviewCharacterJob = z.infer<typeof ReviewCharacterJobSchema>;

/** Job name → payload schema. */
export const moderationJobs = { 'review-character': ReviewCharacterJobSchema } as const;
export type ModerationJobName = keyof typeof moderationJobs;

/** A background review retries with backoff when the model is down; finished jobs are removed. */
export const moderationJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

/** The deterministic, colon-free id of a review. */
export function reviewJobId(job: ReviewCharacterJob): string {
  return `review-${job.characterId}-${String(job.revision)}`;
}
