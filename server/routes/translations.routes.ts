/** Character translation (issue 26 item 3): start a chatbot's translation, and follow it. */
import type { FastifyInstance } from 'fastify';
import { getTranslation, startTranslation } from '#shared/api/translations';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as translation from '../services/translation.service';

export function translationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, startTranslation, ({ caller, params, body }) =>
    translation.startTranslation(deps.translation, caller, params.id, body.language),
  );
  addRoute(app, getTranslation, ({ caller, params }) =>
    translation.translationStatus(deps.db, caller, params.id, params.language),
  );
}
