/**
 * The `notifications` queue (issue 25 item 6): `missed-reply` mails a member about a reply that
 * finished while no screen of theirs had the conversation open, once its delay has passed and only if
 * they have not opened it since (server/lib/missed-replies.ts). The processor checks consent and the
 * conversation's cooldown, and claims the send before it mails, so a retried job never mails twice.
 */
import { z } from 'zod';

export const notificationsQueue = 'notifications';

export const MissedReplyJobSchema = z.object({
  conversationId: z.uuid(),
  /** The reply that finished unwatched. */
  replyId: z.uuid(),
});
export type MissedReplyJob = z.infer<typeof MissedReplyJobSchema>;

/** Job name → payload schema. */
export const notificationJobs = { 'missed-reply': MissedReplyJobSchema } as const;

/**
 * Background work, retried with backoff (the mail server down); finished and failed jobs are removed,
 * so a reply's id never blocks a later add (the send's claim in PostgreSQL keeps a retry from doubling).
 */
export const notificationJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** The deterministic, colon-free id of a reply's notice: a reply is noted once. */
export function missedReplyJobId(job: MissedReplyJob): string {
  return `missed-reply-${job.replyId}`;
}
