import type { FastifyInstance } from 'fastify';
import { getLegalPage } from '#shared/api/pages';
import { applicationHeader } from '#shared/schemas/application';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { readLegalPage } from '../services/legal-pages.service';

export function pageRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getLegalPage, ({ params, request }) => {
    const application = deps.applications.of(request.headers[applicationHeader]);
    return readLegalPage(deps.config.CONTENT_DIR, application.settings.id, params.slug);
  });
}
