/** The waiting room's calls: the watch command over the socket, and the REST status while it is down. */
import { getWaitingRoom } from '#shared/api/waiting-room';
import type { ApiClient } from '../../lib/api-client';
import { sendCommand, type ChatSocket } from '../../lib/socket';

/** Joins the line (or reports access); while waiting, the socket then hears `waiting-room:status`. */
export function watchWaitingRoom(socket: ChatSocket) {
  return sendCommand(socket, 'waiting-room:watch', { join: true });
}

export function fetchWaitingRoom(api: ApiClient) {
  return api.request(getWaitingRoom);
}
