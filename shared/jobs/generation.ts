/**
 * The `generation` queue contract between server and workers (docs/architecture.md, "Queues").
 * One job per reply, never per token; ids are deterministic and colon-free.
 */
import { z } from 'zod';
import { autopilotIntentMaxLength } from '../rules/autopilot';
import { GroupTurnModeSchema } from '../rules/group-turns';
import type { Role } from '../schemas/user';

export const generationQueue = 'generation';

/**
 * Queue priority of a reply by tier (BullMQ: 1 is served first): premium before basic before minimal
 * before free before guests. Waiting jobs move up one step every PRIORITY_AGEING_SECONDS, so nobody
 * starves (workers/maintenance/age-replies.processor.ts).
 */
export const tierPriority = {
  premium: 1,
  basic: 2,
  minimal: 3,
  free: 4,
  guest: 5,
} as const;
const lowestPriority = tierPriority.guest;

export function replyPriority(caller: { kind: 'guest' | 'member'; role: Role }): number {
  if (caller.kind === 'guest') return tierPriority.guest;
  switch (caller.role) {
    case 'paid_premium':
    case 'employee':
    case 'admin':
      return tierPriority.premium;
    case 'paid_basic':
      return tierPriority.basic;
    case 'paid_minimal':
      return tierPriority.minimal;
    case 'free_tier':
    case 'beta_user':
      return tierPriority.free;
  }
}

/** The priority a job waiting since `enqueuedAt` has earned: one step up per ageing period. */
export function agedPriority(
  basePriority: number,
  enqueuedAt: number,
  now: number,
  ageingSeconds: number,
): number {
  const steps = Math.floor(Math.max(0, now - enqueuedAt) / 1000 / ageingSeconds);
  return Math.max(1, basePriority - steps);
}

export const ReplyJobSchema = z.object({
  conversationId: z.uuid(),
  /** The conversation's character, carried so the worker need not read the conversation. */
  characterId: z.uuid(),
  /** The conversation's owner, carried so the worker reads their settings and persona by id. */
  userId: z.uuid(),
  /** The owner is a guest: no settings, persona or key of their own to read. */
  isGuest: z.boolean().optional(),
  /** The user message being answered. */
  userMessageId: z.uuid(),
  /**
   * A send carries its message (and a new conversation its greeting and persona), so the worker builds
   * the prompt without waiting for the server to store them (docs/performance.md, trap 7). Absent for a
   * retry or a regenerate, whose user message is stored already.
   */
  sent: z
    .object({
      content: z.string(),
      /** Present only for a new conversation: its greeting (null: none) and the persona it starts with. */
      start: z
        .object({ greeting: z.string().nullable(), personaId: z.uuid().nullable() })
        .optional(),
    })
    .optional(),
  /** Id the reply will be stored under; deltas carry it. */
  replyId: z.uuid(),
  /** Epoch ms when the server enqueued the job, for the queue-wait timing. */
  enqueuedAt: z.number().int(),
  /** The tier's queue priority the job started with; ageing raises the job's own priority over time. */
  priority: z.number().int().min(1).max(lowestPriority),
  /**
   * A group chat's turn (shared/jobs/group-turns.ts): `characterId` is the group, `speakerId` the member
   * who answers in its own voice; the reply is stored with it and may queue the round's next turn.
   */
  group: z
    .object({
      speakerId: z.uuid(),
      round: z.number().int().min(0),
      /** Bot replies written in the round before this one. */
      step: z.number().int().min(0),
      mode: GroupTurnModeSchema,
      /** Members still to answer after this one (everyone answers once in turn). */
      nextSpeakerIds: z.array(z.uuid()).max(10),
    })
    .optional(),
});
export type ReplyJob = z.infer<typeof ReplyJobSchema>;

/**
 * An `autopilot` job: the model writes the user's next turn (as their persona) in answer to the last
 * reply, streamed like a reply under `replyId` but kept as a draft for the composer, never stored.
 */
export const AutopilotJobSchema = ReplyJobSchema.omit({ userMessageId: true, sent: true }).extend({
  /** The reply being answered: the head of the branch when autopilot was asked for. */
  afterMessageId: z.uuid(),
  /** What the user wants their turn to do, or empty. */
  intent: z.string().max(autopilotIntentMaxLength),
});
export type AutopilotJob = z.infer<typeof AutopilotJobSchema>;

/**
 * A `continue` job: the model goes on from the last reply where it stopped (cut off or stopped by the
 * user); what it writes is appended to that same message (workers/generation/continue.processor.ts).
 */
export const ContinueJobSchema = ReplyJobSchema.pick({
  conversationId: true,
  characterId: true,
  userId: true,
  replyId: true,
  enqueuedAt: true,
  priority: true,
}).extend({
  /** The reply being continued: the head of the branch when Continue was asked for. */
  messageId: z.uuid(),
});
export type ContinueJob = z.infer<typeof ContinueJobSchema>;

/** What every generation job carries: enough to free its conversation when the queue gives up. */
export const GenerationJobRefSchema = ReplyJobSchema.pick({ conversationId: true, replyId: true });

/**
 * A `memory` job (issue 11 §7): summarise the turns of a conversation that fell out of a reply's context
 * budget into auto memories, for an owner with conversation_memory_auto (workers/memory/).
 */
export const MemoryJobSchema = z.object({
  conversationId: z.uuid(),
  /** The conversation's owner, whose settings and persona the summary uses. */
  userId: z.uuid(),
  /** The conversation's character, whose name the summary uses. */
  characterId: z.uuid(),
  /** The newest message that fell out of the prompt; it and the turns before it may be summarised. */
  throughMessageId: z.uuid(),
});
export type MemoryJob = z.infer<typeof MemoryJobSchema>;

/**
 * Job name → payload schema. `regenerate` is a reply asked for again: the old reply was set aside as an
 * alternative (server/services/turns/regenerate.turn.ts) and a new one answers the same user message.
 */
export const generationJobs = {
  reply: ReplyJobSchema,
  regenerate: ReplyJobSchema,
  autopilot: AutopilotJobSchema,
  continue: ContinueJobSchema,
  memory: MemoryJobSchema,
} as const;
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

/** One memory job per conversation at a time: a later add while one waits or runs is a no-op. */
export function memoryJobId(conversationId: string): string {
  return `memory-${conversationId}`;
}

/**
 * Memory jobs are background work: after every reply (below the lowest tier), retried with backoff, and
 * removed however they end so the next overflow can add the conversation's job again.
 */
export const memoryJobOptions = {
  priority: lowestPriority + 1,
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
