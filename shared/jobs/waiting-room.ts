/** The `waiting-room` queue: the repeatable admission tick (docs/architecture.md, "Queues"). */
import { z } from 'zod';

export const waitingRoomQueue = 'waiting-room';

export const waitingRoomJobs = { admit: z.object({}) } as const;
export type WaitingRoomJobName = keyof typeof waitingRoomJobs;

/** Options of the scheduled admission tick: removed when done, the last 100 failures kept. */
export const waitingRoomJobOptions = { removeOnComplete: true, removeOnFail: 100 } as const;
