import type { FastifyInstance } from 'fastify';
import { getWaitingRoom } from '#shared/api/waiting-room';
import type { AppDeps } from '../app';
import { addRoute } from '../lib/route';
import { chatCallerOfHeaders } from '../services/identity.service';

export function waitingRoomRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getWaitingRoom, async ({ request }) => {
    const caller = await chatCallerOfHeaders(deps, request.headers);
    return (await deps.waitingRoom.standing(caller, { join: false })).status;
  });
}
