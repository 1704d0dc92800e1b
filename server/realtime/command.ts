/**
 * The command side of the socket contract as the server runs it: the context every handler gets, and
 * `command()`, which parses the payload with the command's schema at the edge; bad input is refused with
 * validation_failed naming the field (docs/style.md, "Parse at the edge").
 */
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import type {
  Ack,
  ClientCommand,
  CommandResult,
  ServerToClientEvents,
} from '#shared/realtime/events';
import { parseInput } from '../lib/errors';
import type { Sender } from '../services/chat.service';
import type { Caller } from '../lib/caller';

export interface SocketData {
  caller: Caller;
  /** The client's address, for per-address limits. */
  ip: string;
  /** The client's country, by the server's own lookup (lib/country.ts). */
  country: string | undefined;
  /** The brand or partner site the handshake named (its feature flags apply to every command). */
  applicationId: string | undefined;
  conversations: Set<string>;
}

/**
 * Commands as the server receives them: payloads are untrusted until each handler's contract parses
 * them, and the result type is guaranteed by CommandHandlers rather than by the listener signature.
 */
export type IncomingCommands = {
  [E in ClientCommand]: (payload: unknown, ack?: (result: Ack<unknown>) => void) => void;
};

export type AppSocket = Socket<
  IncomingCommands,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Everything a command handler needs: the socket, its caller and room membership helpers. */
export interface CommandContext {
  socket: AppSocket;
  caller: Caller;
  /** The caller as a sender of messages (address and room joining included). */
  sender: Sender;
  joinConversation: (conversationId: string) => Promise<void>;
  leaveConversation: (conversationId: string) => Promise<void>;
}

/** One runner per command; each parses its own payload. */
export type CommandHandlers = {
  [E in ClientCommand]: (ctx: CommandContext, raw: unknown) => Promise<CommandResult<E>>;
};

export function command<P extends z.ZodType, R extends z.ZodType>(
  contract: { payload: P; result: R },
  handler: (ctx: CommandContext, payload: z.output<P>) => Promise<z.input<R>>,
): (ctx: CommandContext, raw: unknown) => Promise<z.input<R>> {
  return async (ctx, raw) => handler(ctx, parseInput(contract.payload, raw));
}
