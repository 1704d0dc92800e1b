/**
 * Server events as the Socket.IO packets a socket is sent, encoded by us where one event goes to many
 * sockets or many events go out at once (issue 29): a conversation's frames travel between processes
 * in this form (reply-state.ts), and the waiting room writes each waiter its own. A packet is written
 * to a socket's connection as is (`socket.conn.write`), as Socket.IO does once it has encoded one.
 */
import type { ServerEvent, ServerEventPayload } from '#shared/realtime/events';

/**
 * The Socket.IO packet type of an event: the digit its encoder puts before `[event, ...args]` for the
 * main namespace (socket.io-parser's PacketType.EVENT).
 */
export const eventPacketType = '2';

/** The packet Socket.IO would send for `socket.emit(event, payload)` on the main namespace. */
export function eventPacket<E extends ServerEvent>(
  event: E,
  payload: ServerEventPayload<E>,
): string {
  return eventPacketType + JSON.stringify([event, payload]);
}

/** How an event's packet opens, up to its event name. */
const opening = `${eventPacketType}["`;

/** The event name a packet carries, read without parsing its payload; undefined if not an event's. */
export function eventOfPacket(packet: string): string | undefined {
  if (!packet.startsWith(opening)) return undefined;
  const end = packet.indexOf('"', opening.length);
  return end === -1 ? undefined : packet.slice(opening.length, end);
}

/** A packet read back, for those who look inside one (tests, the bench's receivers). */
export function readEventPacket(packet: string): { event: string; payload: unknown } | undefined {
  if (!packet.startsWith(eventPacketType)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(packet.slice(eventPacketType.length));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string') return undefined;
  return { event: value[0], payload: value[1] };
}
