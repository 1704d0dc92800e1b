/**
 * Route auth (lib/route.ts, docs/style.md "Ownership"): who calls a request, from its bearer token or
 * guest id header, checked at the level its contract names. Sockets resolve callers with the same
 * resolveCaller at their handshake (realtime/socket-server.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMember } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { RouteAuth } from '../lib/route';
import { assertAdmin } from '../services/admin.service';
import { credentialsOf, resolveCaller, type IdentityDeps } from '../services/identity.service';
import { assertMayChat } from '../services/restrictions.service';

export function registerRouteAuth(fastify: FastifyInstance, deps: IdentityDeps): void {
  const callerOf = (request: FastifyRequest) => resolveCaller(deps, credentialsOf(request));
  const routeAuth: RouteAuth = {
    caller: callerOf,
    chat: async (request) => {
      const caller = await callerOf(request);
      assertMayChat(caller);
      return caller;
    },
    member: async (request) => {
      const caller = await callerOf(request);
      if (!isMember(caller)) throw new AppError('sign_in_required');
      return caller;
    },
    admin: async (request) => assertAdmin(deps, await callerOf(request)),
  };
  fastify.decorate('routeAuth', routeAuth);
}
