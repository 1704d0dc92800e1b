import type { FastifyInstance } from 'fastify';
import {
  adoptAlternative,
  editMessage,
  listAlternatives,
  rateMessage,
  removeMessages,
  reportMessage,
} from '#shared/api/messages';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as service from '../services/messages.service';

const refOf = (params: { id: string; messageId: string }) => ({
  conversationId: params.id,
  messageId: params.messageId,
});

export function messageRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listAlternatives, ({ caller, params }) =>
    service.listAlternatives(deps.db, caller, refOf(params)),
  );
  addRoute(app, adoptAlternative, ({ caller, params }) =>
    service.adoptAlternative(deps, caller, refOf(params)),
  );
  addRoute(app, editMessage, ({ caller, params, body }) =>
    service.editMessage(deps, caller, refOf(params), body.content),
  );
  addRoute(app, removeMessages, ({ caller, params }) =>
    service.removeMessages(deps, caller, refOf(params)),
  );
  addRoute(app, rateMessage, ({ caller, params, body }) =>
    service.rateMessage(deps.db, caller, refOf(params), body),
  );
  addRoute(app, reportMessage, ({ caller, params, body }) =>
    service.reportMessage(deps.db, caller, refOf(params), body),
  );
}
