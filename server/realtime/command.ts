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
  CommandPolicy,
  CommandResult,
  ServerToClientEvents,
} from '#shared/realtime/events';
import type { FeatureFlag } from '#shared/schemas/permission';
import { AppError, parseInput } from '../lib/errors';
import { isMember } from '../lib/caller';
import { assertGroupsOn } from '../services/group-chat.service';
import { assertMayChat, assertMayCreate } from '../services/restrictions.service';
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

/** Refuses a caller below the command's auth level, with the codes REST routes use. */
export function assertCommandAuth(auth: CommandPolicy['auth'], caller: Caller): void {
  switch (auth) {
    case 'none':
    case 'caller':
      return;
    case 'chat':
      assertMayChat(caller);
      return;
    case 'member':
      if (!isMember(caller)) throw new AppError('sign_in_required');
      return;
    case 'create':
      assertMayCreate(caller);
      return;
    case 'admin':
      // No socket command is for admins; the level needs the stored role, which REST reads.
      throw new AppError('forbidden');
  }
}

/** Refuses a command behind a flag that is off for the caller: not_found, as REST answers. */
export function assertCommandFlag(
  flag: FeatureFlag | undefined,
  hasFlag: (flag: FeatureFlag) => boolean,
): void {
  if (flag === 'groupchat') assertGroupsOn(hasFlag);
  else if (flag !== undefined && !hasFlag(flag)) throw new AppError('not_found');
}

/**
 * The one place a command's policy is applied: its auth level before anything is read, its payload
 * parsed, then its feature flag (the order the per-handler checks had), then the handler.
 */
export function command<P extends z.ZodType, R extends z.ZodType>(
  contract: CommandPolicy & { payload: P; result: R },
  handler: (ctx: CommandContext, payload: z.output<P>) => Promise<z.input<R>>,
): (ctx: CommandContext, raw: unknown) => Promise<z.input<R>> {
  return async (ctx, raw) => {
    assertCommandAuth(contract.auth, ctx.caller);
    const payload = parseInput(contract.payload, raw);
    assertCommandFlag(contract.flag, ctx.sender.hasFlag);
    return handler(ctx, payload);
  };
}
