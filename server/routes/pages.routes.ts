import type { FastifyInstance } from 'fastify';
import { getLegalPage } from '#shared/api/pages';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { requestApplication } from '../services/applications.service';
import { readLegalPage } from '../services/legal-pages.service';

export function pageRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getLegalPage, ({ params, request }) => {
    const application = requestApplication(deps.applications, request);
    return readLegalPage(deps.config.CONTENT_DIR, application.settings.id, params.slug);
  });
}
