/**
 * Names of Socket.IO rooms, Redis channels and Redis keys shared by server and workers; never build
 * them inline. Redis names are suffixes: the configured key prefix goes before them.
 */

/** The room of every socket watching a conversation. */
export function conversationRoom(conversationId: string): string {
  return `conversation:${conversationId}`;
}

/** The room of every socket of one member session, dropped together when the session ends. */
export function sessionRoom(sessionFamily: string): string {
  return `session:${sessionFamily}`;
}

/** Channel of a conversation's frames; only servers holding its room subscribe. */
export function conversationChannel(conversationId: string): string {
  return `conv:${conversationId}`;
}

/** Channel of control messages to every worker (stop a reply). */
export const controlChannel = 'control';

/** Hash of the reply in flight in a conversation: replyId, text so far, seq. Its presence marks the conversation busy. */
export function inflightKey(conversationId: string): string {
  return `inflight:${conversationId}`;
}

/** Flag asking the worker to stop a reply, also seen by a worker that picks the job up later. */
export function stopKey(replyId: string): string {
  return `stop:${replyId}`;
}
