import type { FastifyInstance } from 'fastify';
import {
  getConversation,
  getLatestConversation,
  listConversations,
  listMessages,
} from '#shared/api/conversations';
import type { AppDeps } from '../app';
import { addRoute } from '../lib/route';
import * as service from '../services/conversations.service';

export function conversationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listConversations, async ({ caller, query }) =>
    service.listForCaller(deps.db, caller, query),
  );

  addRoute(app, getLatestConversation, async ({ caller, params }) => ({
    conversation: await service.latestWithCharacter(deps.db, caller, params.id),
  }));

  addRoute(app, getConversation, async ({ caller, params }) =>
    service.getConversation(deps, caller, params.id),
  );

  addRoute(app, listMessages, async ({ caller, params, query }) =>
    service.listMessages(deps.db, caller, params.id, query),
  );
}
