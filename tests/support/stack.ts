/** Starts the real server (listening) and workers in this process for a test; closes both after. */
import { io, type Socket } from 'socket.io-client';
import { buildApp, type App } from '#server/app';
import type { Config } from '#server/config';
import { createLogger } from '#server/lib/log';
import {
  serverEvents,
  type ClientToServerEvents,
  type ServerEvent,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '#shared/realtime/events';
import { startWorkers, type RunningWorkers } from '#workers/start-workers';

export interface Stack {
  app: App;
  workers: RunningWorkers | undefined;
  url: string;
  close: () => Promise<void>;
}

export async function startStack(
  config: Config,
  opts: { workers: boolean; port?: number } = { workers: true },
): Promise<Stack> {
  const app = await buildApp(config);
  const url = await app.fastify.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const workers = opts.workers
    ? await startWorkers(config, createLogger('silent', 'worker'))
    : undefined;
  return {
    app,
    workers,
    url,
    close: async () => {
      await reportSlowClose(app, () => app.fastify.close());
      await workers?.close();
    },
  };
}

/**
 * Runs `close`, and while it takes longer than 15 s prints what the process still holds open, so a
 * close that hangs in CI says what it waits for instead of only timing the hook out.
 */
async function reportSlowClose(app: App, close: () => Promise<void>): Promise<void> {
  const started = Date.now();
  const watch = setInterval(() => {
    app.fastify.server.getConnections((_, open) => {
      console.error(
        `still closing after ${String(Date.now() - started)} ms: ${String(open)} HTTP connections; ` +
          `open resources: ${process.getActiveResourcesInfo().join(', ')}`,
      );
    });
  }, 15_000);
  try {
    await close();
  } finally {
    clearInterval(watch);
  }
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A guest's socket, with any headers a proxy in front would add to its request. */
export async function connectGuest(
  url: string,
  guestId: string,
  headers: Record<string, string> = {},
  applicationId?: string,
): Promise<ClientSocket> {
  return connect(
    url,
    { guestId, ...(applicationId === undefined ? {} : { applicationId }) },
    headers,
  );
}

/**
 * A signed-in member's socket (the access token in the handshake), with any headers a proxy in front
 * would add to its request, through the application `applicationId` names (the default without).
 */
export async function connectMember(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
  applicationId?: string,
): Promise<ClientSocket> {
  return connect(
    url,
    { token: accessToken, ...(applicationId === undefined ? {} : { applicationId }) },
    headers,
  );
}

async function connect(
  url: string,
  auth: { guestId?: string; token?: string; applicationId?: string },
  headers: Record<string, string> = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    auth,
    extraHeaders: headers,
    transports: ['websocket'],
    reconnection: false,
  });
  bufferEvents(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Events a socket received that no `nextEvent` has passed yet, kept from the moment it was created. */
const unread = new WeakMap<ClientSocket, { event: string; payload: unknown }[]>();

/** Keeps a socket's events so `nextEvent` also finds one that arrived before it was called. */
export function bufferEvents(socket: ClientSocket): void {
  const events: { event: string; payload: unknown }[] = [];
  unread.set(socket, events);
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
}

/**
 * Resolves with the first unread event of that name whose parsed payload matches the predicate, and
 * marks it and every event before it as read. Needs a socket set up with `bufferEvents`.
 */
export function nextEvent<E extends ServerEvent>(
  socket: ClientSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<ServerEventPayload<E>> {
  const events = unread.get(socket);
  if (!events) throw new Error('nextEvent needs a socket set up with bufferEvents');
  const take = (): ServerEventPayload<E> | undefined => {
    for (const [i, e] of events.entries()) {
      if (e.event !== event) continue;
      const payload = serverEvents[event].parse(e.payload);
      if (!match(payload)) continue;
      events.splice(0, i + 1);
      return payload;
    }
    return undefined;
  };
  return new Promise((resolve, reject) => {
    const found = take();
    if (found !== undefined) {
      resolve(found);
      return;
    }
    const listener = () => {
      const payload = take();
      if (payload === undefined) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.offAny(listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.onAny(listener);
  });
}

/** Records every server event a socket receives, in order. */
export function recordEvents(socket: ClientSocket): { event: string; payload: unknown }[] {
  const log: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => log.push({ event, payload }));
  return log;
}

/** The parsed payloads of one event name among recorded events. */
export function payloadsOf<E extends ServerEvent>(
  events: { event: string; payload: unknown }[],
  event: E,
): ServerEventPayload<E>[] {
  return events.filter((e) => e.event === event).map((e) => serverEvents[event].parse(e.payload));
}
