import type { FastifyInstance } from 'fastify';
import { getHealth } from '#shared/api/health';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { checkHealth } from '../services/health.service';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getHealth, async ({ reply }) => {
    const health = await checkHealth(deps);
    if (!health.ok) void reply.code(503);
    return health;
  });
}
