import { z } from 'zod';

/**
 * A caller's place in the waiting room (spec: product-core, "Waiting queue"). `access` lets the caller
 * chat until `timeLeft` runs out (each message renews it); `waiting` holds a `position` in line (1 is
 * next) and an estimated `timeLeft` in seconds; `none` is neither: opening a chat or sending lines the
 * caller up. The client itself moves access that ran out to `expired`, then `refresh`.
 */
export const WaitingRoomStatusSchema = z.object({
  status: z.enum(['access', 'waiting', 'none', 'expired', 'refresh']),
  /** Place in line, 1 being next; null unless waiting. */
  position: z.number().int().min(1).nullable(),
  /** Waiting: the estimated seconds until admission. Access: the seconds of access left. */
  timeLeft: z.number().int().min(0).nullable(),
  /** A character anyone may chat with without waiting, if one is set. */
  bypass: z.uuid().nullable(),
  /** Seconds after which the client should fetch the status again, if the server asks for it. */
  retryAfter: z.number().int().min(1).nullable(),
});
export type WaitingRoomStatus = z.infer<typeof WaitingRoomStatusSchema>;
