/**
 * The `group-turns` queue contract (docs/architecture.md, "Queues"; issue 12 §8): one job per turn of a
 * group chat chooses who answers the newest message and queues that member's reply on `generation`.
 * A turn belongs to a round (one per user message, stop or Auto Response change); a turn of an older
 * round is dropped, which is how the user's message or Stop ends a chain at once.
 */
import { z } from 'zod';
import { GroupTurnModeSchema } from '../rules/group-turns';
import { tierPriority } from './generation';

export const groupTurnsQueue = 'group-turns';

export const GroupTurnJobSchema = z.object({
  conversationId: z.uuid(),
  /** The group (a character of type meta). */
  groupId: z.uuid(),
  /** The conversation's owner. */
  userId: z.uuid(),
  /** The message the turn answers: the user's, or the reply before it. */
  afterMessageId: z.uuid(),
  /** The round it belongs to (server/lib/group-rounds.ts); an older round's turn is dropped. */
  round: z.number().int().min(0),
  /** Bot replies already written in this round. */
  step: z.number().int().min(0),
  mode: GroupTurnModeSchema,
  /** The member who must answer (pick), or the members still to answer in order (everyone). */
  speakerIds: z.array(z.uuid()).max(10).default([]),
  /** Next pressed mid-reply: the member it stopped, who does not take the turn again. */
  skipSpeakerId: z.uuid().optional(),
  /** A reply id the server already claimed the conversation for (the first turn after a send). */
  claimedReplyId: z.uuid().optional(),
  /** The owner's queue priority. */
  priority: z.number().int().min(1).max(tierPriority.guest),
});
export type GroupTurnJob = z.infer<typeof GroupTurnJobSchema>;

/** Job name → payload schema. */
export const groupTurnJobs = { 'group-turn': GroupTurnJobSchema } as const;

/** One turn per message answered in a round: a second add (another worker, a retry) is a no-op. */
export function groupTurnJobId(job: Pick<GroupTurnJob, 'round' | 'afterMessageId'>): string {
  return `turn-${String(job.round)}-${job.afterMessageId}`;
}

/** Interactive like a reply: never retried by the queue, removed once done. */
export const groupTurnJobOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: { count: 1000 },
} as const;
