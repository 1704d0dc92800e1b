/**
 * Socket.IO: the typed server, the sharded Redis adapter (rooms across server processes), handshake identity,
 * and delivery of conversation frames to local rooms only (docs/architecture.md, "The chat path").
 */
import type { Server as HttpServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import proxyAddr from 'proxy-addr';
import { Server } from 'socket.io';
import {
  HandshakeAuthSchema,
  commandNames,
  socketPath,
  type Ack,
  type ClientCommand,
  type ServerToClientEvents,
} from '#shared/realtime/events';
import { AccountChangeSchema } from '../lib/account-events';
import { countryOf } from '../lib/country';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/log';
import { createRedis, type Redis, type RedisTarget } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import { FrameSubscriber } from '../lib/reply-state';
import { refreshCaller, resolveCaller } from '../services/identity.service';
import type { Applications } from '../lib/applications';
import { isFlagOn } from '../services/applications.service';
import type { ChatDeps } from '../services/chat.service';
import { registerChatHandlers } from './chat.handlers';
import type { CommandContext, CommandHandlers, IncomingCommands, SocketData } from './command';
import { conversationRoom, memberRoom, sessionRoom } from './rooms';
import { WaitingRoomRelay } from './waiting-room-relay';
import { registerWaitingRoomHandlers } from './waiting-room.handlers';

export type AppServer = Server<
  IncomingCommands,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface RealtimeDeps extends ChatDeps {
  log: Logger;
  redisTarget: RedisTarget;
  secret: string;
  applications: Applications;
}

function toAckError(err: unknown, log: Logger): Ack<never> {
  if (err instanceof AppError) return { ok: false, error: err.toBody() };
  log.error({ err }, 'socket command failed');
  return { ok: false, error: new AppError('internal').toBody() };
}

export interface Realtime {
  io: AppServer;
  /** Drops every socket of a member session, on any server. */
  endSession: (sessionFamily: string) => void;
  /** Drops this server's connections so their clients reconnect elsewhere, and stops accepting new ones. */
  disconnectAll: () => void;
  close: () => Promise<void>;
}

export function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Realtime {
  const adapterPub = createRedis(deps.redisTarget, 'command');
  const adapterSub = createRedis(deps.redisTarget, 'subscriber');
  // Conversation frames on sharded channels, and the waiting room's and accounts' broadcasts on plain
  // ones, each on a connection of its own: ioredis takes a connection out of subscriber mode when its
  // last sharded channel goes, even while it holds plain ones.
  const framesSub = createRedis(deps.redisTarget, 'subscriber');
  const broadcastSub = createRedis(deps.redisTarget, 'subscriber');
  const connections: Redis[] = [adapterPub, adapterSub, framesSub, broadcastSub];
  for (const c of connections) c.on('error', (err: Error) => deps.log.warn({ err }, 'redis error'));

  const io: AppServer = new Server(httpServer, {
    path: socketPath,
    serveClient: false,
    // Sharded pub/sub (SPUBLISH), a channel per room: on a cluster a room's messages stay in its shard.
    adapter: createShardedAdapter(adapterPub, adapterSub, {
      channelPrefix: redisKeys(deps.prefix).socketIo,
    }),
  });

  const subscriber = new FrameSubscriber(framesSub, deps.prefix, (id, packet) => {
    deliver(io, id, packet);
  });
  const relay = new WaitingRoomRelay(deps.waitingRoom, deps.log);
  const movedChannel = redisKeys(deps.prefix).waitingRoom.channel;
  const accountChannel = redisKeys(deps.prefix).accountChannel;
  broadcastSub.on('message', (channel: string, raw: string) => {
    if (channel === movedChannel) relay.onMessage(raw);
    if (channel === accountChannel) tellMember(io, raw, deps.log);
  });
  broadcastSub.subscribe(movedChannel, accountChannel).catch((err: unknown) => {
    deps.log.error({ err }, 'could not subscribe to waiting-room and account updates');
  });

  // The client's address as REST sees it: X-Forwarded-For counts only from the proxies TRUST_PROXY names.
  const trusted = deps.config.TRUST_PROXY
    ? proxyAddr.compile(deps.config.TRUST_PROXY)
    : () => false;
  io.use((socket, next) => {
    const ip = proxyAddr(socket.request, trusted);
    const auth = HandshakeAuthSchema.safeParse(socket.handshake.auth);
    const credentials = auth.success ? auth.data : {};
    const host = socket.handshake.headers.host;
    resolveCaller(deps, {
      token: credentials.token,
      guestId: credentials.guestId,
      applicationId: credentials.applicationId,
      host,
      ip,
    }).then(
      (caller) => {
        socket.data.caller = caller;
        socket.data.ip = ip;
        socket.data.country = countryOf(deps.config, socket.handshake.headers);
        socket.data.applicationId = deps.applications.of(
          credentials.applicationId,
          host,
        ).settings.id;
        socket.data.conversations = new Set();
        if (caller.sessionFamily !== null) void socket.join(sessionRoom(caller.sessionFamily));
        if (caller.kind === 'member') void socket.join(memberRoom(caller.userId));
        next();
      },
      (err: unknown) => {
        const body = err instanceof AppError ? err.toBody() : new AppError('internal').toBody();
        next(Object.assign(new Error(body.message), { data: body }));
      },
    );
  });

  /** Commands being run, so a shutdown lets them finish. */
  const inFlight = new Set<Promise<void>>();
  const handlers: CommandHandlers = {
    ...registerChatHandlers(deps),
    ...registerWaitingRoomHandlers(deps.waitingRoom, relay),
  };

  io.on('connection', (socket) => {
    const joined = socket.data.conversations;
    const joinConversation = async (id: string) => {
      if (joined.has(id)) return;
      joined.add(id);
      await socket.join(conversationRoom(id));
      await subscriber.add(id);
    };
    const leaveConversation = async (id: string) => {
      if (!joined.delete(id)) return;
      await socket.leave(conversationRoom(id));
      await subscriber.remove(id);
    };
    // Restrictions are re-read on every command (a short Redis cache dropped on each admin change), so a
    // hold or termination set while the socket is open applies to its next command.
    const runCommand = async (event: ClientCommand, raw: unknown): Promise<unknown> => {
      const caller = await refreshCaller(deps, socket.data.caller);
      const ctx: CommandContext = {
        socket,
        caller,
        sender: {
          caller,
          ip: socket.data.ip,
          country: socket.data.country,
          join: joinConversation,
          leave: leaveConversation,
          hasJoined: (id) => joined.has(id),
          hasFlag: (flag) =>
            isFlagOn(deps.applications.of(socket.data.applicationId), caller, flag),
        },
        joinConversation,
        leaveConversation,
      };
      return handlers[event](ctx, raw);
    };
    for (const event of commandNames) {
      socket.on(event, (raw: unknown, ack?: (result: Ack<unknown>) => void) => {
        const respond = (result: Ack<unknown>) => {
          // A client that sent no acknowledgement callback gets no answer.
          if (typeof ack === 'function') ack(result);
        };
        const running = runCommand(event, raw).then(
          (data: unknown) => {
            respond({ ok: true, data });
          },
          (err: unknown) => {
            respond(toAckError(err, deps.log));
          },
        );
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
      });
    }
    socket.on('disconnect', () => {
      relay.forget(socket.id);
      for (const id of joined) void subscriber.remove(id);
      joined.clear();
    });
  });

  return {
    io,
    endSession: (sessionFamily) => {
      io.in(sessionRoom(sessionFamily)).disconnectSockets(true);
    },
    disconnectAll: () => {
      // Closing the transports, not the Socket.IO sessions, makes clients reconnect by themselves (to
      // another server, or to this one once it is back); a server-side disconnect would stop them.
      io.engine.close();
    },
    close: async () => {
      relay.close();
      // Commands under way finish before the connections they use close: a send cut half-way would
      // leave a stored message without its reply job and its conversation claimed.
      await Promise.all(inFlight);
      await io.close();
      await Promise.all(connections.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

/** Tells this server's sockets of a member that their role or subscription changed. */
function tellMember(io: AppServer, raw: string, log: Logger): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const change = AccountChangeSchema.safeParse(parsed);
  if (!change.success) {
    log.warn('malformed account change message');
    return;
  }
  io.local.to(memberRoom(change.data.userId)).emit('account:changed', {});
}

/**
 * Writes a frame to this server's sockets in the conversation's room. It comes as the Socket.IO packet
 * they are sent (reply-state.ts), so each socket's connection takes it as is: what a room emit does
 * once the packet is encoded, without parsing the frame and encoding it again.
 */
function deliver(io: AppServer, conversationId: string, packet: string): void {
  const socketIds = io.sockets.adapter.rooms.get(conversationRoom(conversationId));
  if (socketIds === undefined) return;
  for (const id of socketIds) io.sockets.sockets.get(id)?.conn.write(packet);
}
