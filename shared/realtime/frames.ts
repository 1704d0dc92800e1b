/** What the waiting-room admission tick publishes to every server (server/lib/redis-keys.ts channel). */
import { z } from 'zod';

/** What each admission tick tells every server on the waiting-room channel. */
export const WaitingRoomMovedSchema = z.object({
  /** Ticket at the head of the line; 0 when nobody waits. */
  head: z.number().int().min(0),
  /** Tickets past the head of waiters who left, ascending: positions skip them. */
  holes: z.array(z.number().int()),
  /** Waiters let in by this tick. */
  admitted: z.array(z.uuid()),
  /** Epoch ms of the tick, for measuring how long updates take to reach waiters. */
  at: z.number().int(),
});
export type WaitingRoomMoved = z.infer<typeof WaitingRoomMovedSchema>;
