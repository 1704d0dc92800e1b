import type { FastifyInstance } from 'fastify';
import { getAppSettings } from '#shared/api/applications';
import { isPathOff } from '#shared/rules/brand-sections';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import { addRoute } from '../lib/route';
import { requestApplication } from '../services/applications.service';

export function applicationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getAppSettings, ({ request }) =>
    Promise.resolve(requestApplication(deps.applications, request).settings),
  );
  // The API of a section the calling brand switches off is not found, as its pages are in the client.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    const { sectionsOff } = requestApplication(deps.applications, request).settings;
    done(isPathOff(sectionsOff, 'api', request.url) ? new AppError('not_found') : undefined);
  });
}
