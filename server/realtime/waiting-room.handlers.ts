/**
 * The waiting-room command: the status now (joining the line only when asked to, from an open chat),
 * and live updates to this socket while the caller waits.
 */
import { clientCommands } from '#shared/realtime/events';
import type { WaitingRoom } from '../services/waiting-room.service';
import { command } from './command';
import type { CommandHandlers } from './command';
import type { WaitingRoomRelay } from './waiting-room-relay';

export function registerWaitingRoomHandlers(
  waitingRoom: WaitingRoom,
  relay: WaitingRoomRelay,
): Pick<CommandHandlers, 'waiting-room:watch'> {
  return {
    'waiting-room:watch': command(clientCommands['waiting-room:watch'], async (ctx, { join }) => {
      const { status, ticket } = await waitingRoom.standing(ctx.caller, { join });
      relay.watch(ctx.socket, ctx.caller.userId, status, ticket);
      return status;
    }),
  };
}
