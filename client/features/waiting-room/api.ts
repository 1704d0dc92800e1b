/** The waiting room's calls: the watch command over the socket, and the REST status (never joins) while it is down. */
import { getWaitingRoom } from '#shared/api/waiting-room';
import type { ApiClient } from '../../lib/api-client';
import { sendCommand, type ChatSocket } from '../../lib/socket';

/**
 * The status now, joining the line with `join` (a chat was opened); while waiting, the socket then
 * hears `waiting-room:status`.
 */
export function watchWaitingRoom(socket: ChatSocket, join: boolean) {
  return sendCommand(socket, 'waiting-room:watch', { join });
}

export function fetchWaitingRoom(api: ApiClient) {
  return api.request(getWaitingRoom);
}
