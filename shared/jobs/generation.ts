/**
 * The `generation` queue contract between server and workers (docs/architecture.md, "Queues").
 * One job per reply, never per token; ids are deterministic and colon-free.
 */
import { z } from 'zod';

export const generationQueue = 'generation';

export const ReplyJobSchema = z.object({
  conversationId: z.uuid(),
  /** The user message being answered. */
  userMessageId: z.uuid(),
  /** Id the reply will be stored under; deltas carry it. */
  replyId: z.uuid(),
  /** Epoch ms when the server enqueued the job, for the queue-wait timing. */
  enqueuedAt: z.number().int(),
});
export type ReplyJob = z.infer<typeof ReplyJobSchema>;

/** Job name → payload schema. */
export const generationJobs = { reply: ReplyJobSchema } as const;
export type GenerationJobName = keyof typeof generationJobs;

/** The job id of a reply: one job per reply id. */
export function replyJobId(replyId: string): string {
  return `reply-${replyId}`;
}

/** Options every generation job is added with: interactive, so no automatic retry; removed when done. */
export const generationJobOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
} as const;
