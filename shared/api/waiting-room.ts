import { WaitingRoomStatusSchema } from '../schemas/waiting-room';
import { endpoint } from './endpoint';

/**
 * The caller's waiting-room status; asking never joins the line (opening a chat or sending does, over
 * the socket). Callers who skip the line (skip_waiting_room, partner sites) and a disabled waiting room
 * get access.
 */
export const getWaitingRoom = endpoint({
  method: 'GET',
  path: '/api/waiting-room',
  auth: 'chat',
  summary: "The caller's place in the waiting room",
  response: WaitingRoomStatusSchema,
});
