import type { FastifyInstance } from 'fastify';
import {
  getConversation,
  getLatestConversation,
  listConversations,
  listMessages,
} from '#shared/api/conversations';
import * as service from '../services/conversations.service';
import { chatCallerOfHeaders } from '../services/identity.service';
import { addRoute } from '../lib/route';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app';

export function conversationRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Every conversation route is chat: Terminated and held members are refused here, once.
  const caller = (request: FastifyRequest) => chatCallerOfHeaders(deps, request.headers);

  addRoute(app, listConversations, async ({ request, query }) =>
    service.listForCaller(deps.db, await caller(request), query),
  );

  addRoute(app, getLatestConversation, async ({ request, params }) => ({
    conversation: await service.latestWithCharacter(deps.db, await caller(request), params.id),
  }));

  addRoute(app, getConversation, async ({ request, params }) =>
    service.getConversation(deps, await caller(request), params.id),
  );

  addRoute(app, listMessages, async ({ request, params, query }) =>
    service.listMessages(deps.db, await caller(request), params.id, query),
  );
}
