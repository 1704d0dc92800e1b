/**
 * Requeues reviews that were never queued: a save commits before its review job is added, so a Redis
 * failure in between leaves a chatbot in review with no job (and no way out but a moderator). This
 * sweep finds chatbots in review for longer than a save's enqueue takes and adds their job again; the
 * job id names the character and its revision, so a job still held makes the add a no-op.
 */
import { reviewEnqueueGraceMs } from '#shared/jobs/maintenance';
import type { ReviewCharacterJob } from '#shared/jobs/moderation';
import type { Db } from '#server/db/database';
import { listAwaitingReview } from '#server/db/repositories/own-characters.repo';
import type { Logger } from '#server/lib/log';
import type { ModerationQueue } from '#server/lib/queues';

/** Chatbots looked at per run; the next run takes the rest. */
const batch = 500;

export async function requeueReviews(deps: {
  db: Db;
  moderation: Pick<ModerationQueue, 'enqueueReview'>;
  log: Logger;
  now?: Date;
}): Promise<ReviewCharacterJob[]> {
  const savedBefore = new Date((deps.now ?? new Date()).getTime() - reviewEnqueueGraceMs);
  const waiting = await listAwaitingReview(deps.db, savedBefore, batch);
  for (const review of waiting) await deps.moderation.enqueueReview(review);
  if (waiting.length > 0) {
    deps.log.info({ count: waiting.length }, 'review jobs re-added for chatbots still in review');
  }
  return waiting;
}
