/**
 * Frames a worker publishes for one conversation over Redis; the server that holds the conversation's
 * sockets turns each frame into the matching server event (docs/performance.md, trap 2).
 */
import { z } from 'zod';
import { serverEvents } from './events';

export const ConversationFrameSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message:created'), payload: serverEvents['message:created'] }),
  z.object({ event: z.literal('generation:started'), payload: serverEvents['generation:started'] }),
  z.object({ event: z.literal('generation:delta'), payload: serverEvents['generation:delta'] }),
  z.object({
    event: z.literal('generation:completed'),
    payload: serverEvents['generation:completed'],
  }),
  z.object({ event: z.literal('generation:stopped'), payload: serverEvents['generation:stopped'] }),
  z.object({ event: z.literal('generation:failed'), payload: serverEvents['generation:failed'] }),
]);
export type ConversationFrame = z.infer<typeof ConversationFrameSchema>;

export const ControlMessageSchema = z.object({ type: z.literal('stop'), replyId: z.uuid() });
export type ControlMessage = z.infer<typeof ControlMessageSchema>;

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
