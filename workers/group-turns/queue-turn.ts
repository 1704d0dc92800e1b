/** Adds a group turn from a worker, parsed like the server's (server/lib/queues.ts `enqueueTurn`). */
import type { Queue } from 'bullmq';
import type { z } from 'zod';
import {
  groupTurnJobId,
  groupTurnJobOptions,
  GroupTurnJobSchema,
  type GroupTurnJob,
} from '#shared/jobs/group-turns';

export async function queueTurn(
  turns: Queue,
  data: z.input<typeof GroupTurnJobSchema>,
): Promise<void> {
  const parsed: GroupTurnJob = GroupTurnJobSchema.parse(data);
  await turns.add('group-turn', parsed, {
    ...groupTurnJobOptions,
    jobId: groupTurnJobId(parsed),
    priority: parsed.priority,
  });
}
