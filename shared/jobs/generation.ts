/**
 * The `generation` queue contract between server and workers (docs/architecture.md, "Queues").
 * One job per reply, never per token; ids are deterministic and colon-free.
 */
import { z } from 'zod';
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
  /** The user message being answered. */
  userMessageId: z.uuid(),
  /** Id the reply will be stored under; deltas carry it. */
  replyId: z.uuid(),
  /** Epoch ms when the server enqueued the job, for the queue-wait timing. */
  enqueuedAt: z.number().int(),
  /** The tier's queue priority the job started with; ageing raises the job's own priority over time. */
  priority: z.number().int().min(1).max(lowestPriority),
});
export type ReplyJob = z.infer<typeof ReplyJobSchema>;

/**
 * A `memory` job (issue 11 §7): summarise the turns of a conversation that fell out of a reply's context
 * budget into auto memories, for an owner with conversation_memory_auto (workers/memory/).
 */
export const MemoryJobSchema = z.object({
  conversationId: z.uuid(),
  /** The conversation's character, whose name the summary uses. */
  characterId: z.uuid(),
  /** The newest message that fell out of the prompt; it and the turns before it may be summarised. */
  throughMessageId: z.uuid(),
});
export type MemoryJob = z.infer<typeof MemoryJobSchema>;

/**
 * Job name → payload schema. `regenerate` is a reply asked for again: the old reply was set aside as an
 * alternative (server/services/regenerate.service.ts) and a new one answers the same user message.
 */
export const generationJobs = {
  reply: ReplyJobSchema,
  regenerate: ReplyJobSchema,
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
