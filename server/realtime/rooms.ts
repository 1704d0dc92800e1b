/**
 * Names of Socket.IO rooms. Redis keys and channels are the server's own (server/lib/redis-keys.ts).
 */

/** The room of every socket watching a conversation. */
export function conversationRoom(conversationId: string): string {
  return `conversation:${conversationId}`;
}

/** The room of every socket of one member session, dropped together when the session ends. */
export function sessionRoom(sessionFamily: string): string {
  return `session:${sessionFamily}`;
}

/** The room of every socket of one member, across sessions and devices (account changes). */
export function memberRoom(userId: string): string {
  return `member:${userId}`;
}
