import type { FastifyInstance } from 'fastify';
import { getAutoResponse, updateAutoResponse } from '#shared/api/group-chats';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { autoResponse, setAutoResponse } from '../services/group-chat.service';

export function groupChatRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getAutoResponse, async ({ caller, params }) =>
    autoResponse(deps.db, caller, params.id),
  );
  addRoute(app, updateAutoResponse, async ({ caller, params, body }) =>
    setAutoResponse(deps, caller, params.id, body.isOn),
  );
}
