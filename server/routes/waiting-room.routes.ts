import type { FastifyInstance } from 'fastify';
import { getWaitingRoom } from '#shared/api/waiting-room';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';

export function waitingRoomRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(
    app,
    getWaitingRoom,
    async ({ caller }) => (await deps.waitingRoom.standing(caller, { join: false })).status,
  );
}
