/**
 * Route auth (lib/route.ts, docs/style.md "Ownership"): who calls a request, from its bearer token or
 * guest id header, checked at the level its contract names. Sockets resolve callers with the same
 * resolveCaller at their handshake (realtime/socket-server.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMember, type Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { RouteAuth, RouteFlag } from '../lib/route';
import { assertAdmin } from '../services/admin.service';
import { credentialsOf, resolveCaller, type IdentityDeps } from '../services/identity.service';
import { isFlagOn, requestApplication } from '../services/applications.service';
import { assertMayChat, assertMayCreate } from '../services/restrictions.service';

export function registerRouteAuth(fastify: FastifyInstance, deps: IdentityDeps): void {
  // Resolved once per request, though a flag check and the route's auth level both ask for it.
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  const callerOf = (request: FastifyRequest) => {
    const known = callers.get(request);
    if (known !== undefined) return known;
    const resolving = resolveCaller(deps, credentialsOf(request));
    callers.set(request, resolving);
    return resolving;
  };
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
    create: async (request) => {
      const caller = await callerOf(request);
      if (!isMember(caller)) throw new AppError('sign_in_required');
      assertMayCreate(caller);
      return caller;
    },
    admin: async (request) => assertAdmin(deps, await callerOf(request)),
  };
  fastify.decorate('routeAuth', routeAuth);
  /**
   * A flag is off when the request's application switches it off, else as the caller's flags say
   * (GET /api/me); a caller who cannot be resolved is judged by the defaults, and the route's own auth
   * level then refuses them.
   */
  const routeFlag: RouteFlag = async (request, flag) => {
    const application = requestApplication(deps.applications, request);
    return isFlagOn(application, await callerOf(request).catch(() => null), flag);
  };
  fastify.decorate('routeFlag', routeFlag);
}
