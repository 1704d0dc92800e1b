/**
 * The typed Socket.IO client (docs/style.md, "Realtime events"). Every incoming event is parsed with its
 * shared schema and dropped when invalid; every command is emitted with a timeout and its
 * acknowledgement parsed, so callers always get an `Ack`.
 */
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { AppErrorSchema, type ErrorCode } from '#shared/errors';
import {
  clientCommands,
  serverEvents,
  socketPath,
  type Ack,
  type ClientCommand,
  type ClientToServerEvents,
  type CommandPayload,
  type CommandResult,
  type HandshakeAuthSchema,
  type ServerEvent,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '#shared/realtime/events';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const commandTimeoutMs = 10_000;

/** Where the handshake gets a member's access token and, on a partner site, its application id. */
export interface SocketAuth {
  freshAccessToken: () => Promise<string | null>;
  applicationId: () => string | null;
}

/**
 * Creates the app's one socket; it connects when a screen first needs it. The handshake auth is read
 * on every (re)connect, so after sign-in or sign-out a reconnect carries the new identity.
 */
export function createSocket(options: { guestId: string; auth?: SocketAuth }): ChatSocket {
  const { guestId, auth } = options;
  return io({
    path: socketPath,
    // WebSocket from the start: one round trip to connect instead of a polling handshake and an upgrade,
    // and no polling request left in flight to be refused (400) when a reconnect replaces the session.
    transports: ['websocket'],
    autoConnect: false,
    auth: (callback) => {
      const send = (token: string | null) => {
        const applicationId = auth?.applicationId() ?? null;
        const handshake: z.input<typeof HandshakeAuthSchema> = {
          guestId,
          ...(token === null ? {} : { token }),
          ...(applicationId === null ? {} : { applicationId }),
        };
        callback(handshake);
      };
      if (auth === undefined) send(null);
      else void auth.freshAccessToken().then(send);
    },
  });
}

/** The error code of a handshake the server refused (connect_error), if it sent one. */
export function handshakeErrorCode(err: Error): ErrorCode | null {
  const data = 'data' in err ? err.data : undefined;
  const parsed = AppErrorSchema.safeParse(data);
  return parsed.success ? parsed.data.code : null;
}

/** Reconnects a socket in use so its handshake carries the current identity. */
export function reconnectSocket(socket: ChatSocket, wasActive = socket.active): void {
  if (!wasActive) return;
  socket.disconnect();
  socket.connect();
}

const AckEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorSchema }),
]);

const unexpectedAck = {
  ok: false,
  error: { code: 'internal', message: 'The server sent an unexpected answer.' },
} as const;

function parseAck<S extends z.ZodType>(result: S, raw: unknown): Ack<z.output<S>> {
  const envelope = AckEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return unexpectedAck;
  if (!envelope.data.ok) return { ok: false, error: envelope.data.error };
  const data = result.safeParse(envelope.data.data);
  return data.success ? { ok: true, data: data.data } : unexpectedAck;
}

async function emitWithTimeout(
  socket: ChatSocket,
  event: ClientCommand,
  payload: unknown,
): Promise<unknown> {
  return socket.timeout(commandTimeoutMs).emitWithAck(event, payload);
}

/** The result schema of each command, typed so a generic lookup keeps the command's own result type. */
const commandResults: { [E in ClientCommand]: { result: z.ZodType<CommandResult<E>> } } =
  clientCommands;

/** Sends a command and resolves with its parsed acknowledgement (service_unavailable on timeout). */
export async function sendCommand<E extends ClientCommand>(
  socket: ChatSocket,
  event: E,
  payload: CommandPayload<E>,
): Promise<Ack<CommandResult<E>>> {
  let raw: unknown;
  try {
    raw = await emitWithTimeout(socket, event, payload);
  } catch {
    return {
      ok: false,
      error: { code: 'service_unavailable', message: 'The server did not answer in time.' },
    };
  }
  return parseAck(commandResults[event].result, raw);
}

/** Handlers of the server events a feature listens to; the others pass it by. */
export type ServerEventHandlers = {
  [E in ServerEvent]?: (payload: ServerEventPayload<E>) => void;
};

function parseEvent<S extends z.ZodType>(
  event: string,
  schema: S,
  raw: unknown,
): z.output<S> | null {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // eslint-disable-next-line no-console -- style.md: an invalid event is logged by type and dropped
  console.warn(`dropped an invalid ${event} event`);
  return null;
}

/** Routes each server event, parsed, to its handler if there is one; returns the unsubscribe function. */
export function subscribeServerEvents(
  socket: ChatSocket,
  handlers: ServerEventHandlers,
): () => void {
  const listener = (event: string, raw: unknown) => {
    switch (event) {
      case 'message:created': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'generation:started': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'generation:delta': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'generation:completed': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'autopilot:completed': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'generation:failed': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'image:updated': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'waiting-room:status': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
      case 'account:changed': {
        const payload = parseEvent(event, serverEvents[event], raw);
        if (payload) handlers[event]?.(payload);
        break;
      }
    }
  };
  socket.onAny(listener);
  return () => {
    socket.offAny(listener);
  };
}
