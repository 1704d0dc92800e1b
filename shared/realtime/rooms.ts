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

/** Redis keys of the waiting room (docs/architecture.md, "Queues", `waiting-room`). */
export const waitingRoomKeys = {
  /** Sorted set of waiters, scored by ticket (arrival order). */
  line: 'wr:line',
  /** Sorted set of callers holding access, scored by when it expires (epoch ms). */
  access: 'wr:access',
  /** Sorted set of waiters, scored by when they were last seen (epoch ms); the unseen leave the line. */
  seen: 'wr:seen',
  /** Counter handing out tickets. */
  ticket: 'wr:ticket',
  /** Sorted set of recent admissions, scored by time, for the measured admission rate. */
  admitted: 'wr:admitted',
  /** Hash the admission tick keeps current: capacity, head ticket, waiting count, rate. */
  state: 'wr:state',
  /** Sorted set of the tickets of waiters who left, until the head passes them. */
  holes: 'wr:holes',
} as const;

/** Channel on which each admission tick tells every server how the line moved. */
export const waitingRoomChannel = 'wr:moved';

/** Sorted set of live worker processes serving generation, scored by heartbeat expiry (epoch ms). */
export const workerPoolKey = 'pool:workers';
/** Hash of each live worker process's generation concurrency. */
export const workerSlotsKey = 'pool:slots';

/** Hash of failed jobs per queue, counted by the workers and shown at /metrics. */
export const jobFailuresKey = 'metrics:job-failures';

/** Hash of waiting-room counters that never expire (admissions), shown at /metrics. */
export const waitingRoomCountersKey = 'wr:counters';
