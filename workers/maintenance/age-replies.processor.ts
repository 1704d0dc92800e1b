/**
 * Ageing: a reply waiting in the queue moves up one priority step every PRIORITY_AGEING_SECONDS, so
 * premium replies go first without starving free users and guests.
 */
import type { Queue } from 'bullmq';
import { agedPriority, ReplyJobSchema } from '#shared/jobs/generation';

/** What ageing reads of any generation job (reply, regenerate, autopilot). */
const AgeableJobSchema = ReplyJobSchema.pick({ priority: true, enqueuedAt: true });

/** Waiting jobs looked at per run, oldest first. */
const batch = 1000;

export async function ageReplies(deps: {
  generation: Queue;
  ageingSeconds: number;
}): Promise<number> {
  const jobs = await deps.generation.getJobs(['prioritized'], 0, batch - 1, true);
  const now = Date.now();
  let raised = 0;
  for (const job of jobs) {
    const data = AgeableJobSchema.safeParse(job.data);
    if (!data.success) continue;
    const earned = agedPriority(data.data.priority, data.data.enqueuedAt, now, deps.ageingSeconds);
    if (earned >= (job.opts.priority ?? data.data.priority)) continue;
    try {
      await job.changePriority({ priority: earned });
      raised += 1;
    } catch {
      // Taken by a worker meanwhile: it needs no ageing any more.
    }
  }
  return raised;
}
