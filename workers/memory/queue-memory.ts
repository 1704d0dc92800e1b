/**
 * After a reply: when its prompt left older turns out and the owner has conversation_memory_auto, the
 * conversation's `memory` job is added (one at a time per conversation; a later overflow adds it again).
 */
import type { Queue } from 'bullmq';
import { memoryJobId, type MemoryJob } from '#shared/jobs/generation';
import { enqueue } from '#server/lib/queues';

export async function queueMemory(generation: Queue, job: MemoryJob): Promise<void> {
  await enqueue(generation, 'memory', job, { jobId: memoryJobId(job.conversationId) });
}

/**
 * The newest turn the prompt left out, when the owner gets auto memories; null otherwise. `history` is
 * what the prompt was built from, `leftOutTurns` how many of its oldest turns did not fit.
 */
export function newestLeftOut<T extends { id: string | null }>(
  history: readonly T[],
  leftOutTurns: number,
  hasAutoMemories: boolean,
): T | null {
  if (!hasAutoMemories || leftOutTurns <= 0) return null;
  return history[leftOutTurns - 1] ?? null;
}
