import type { FastifyInstance } from 'fastify';
import { getAppSettings } from '#shared/api/applications';
import { applicationHeader } from '#shared/schemas/application';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';

export function applicationRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getAppSettings, ({ request }) =>
    Promise.resolve(deps.applications.of(request.headers[applicationHeader]).settings),
  );
}
