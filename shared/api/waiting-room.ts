import { WaitingRoomStatusSchema } from '../schemas/waiting-room';
import { endpoint } from './endpoint';

/**
 * The caller's waiting-room status. A free member or guest without access joins the line by asking;
 * callers who skip the line (skip_waiting_room, partner sites) and a disabled waiting room get access.
 */
export const getWaitingRoom = endpoint({
  method: 'GET',
  path: '/api/waiting-room',
  summary: "The caller's place in the waiting room",
  response: WaitingRoomStatusSchema,
});
