/** Admin basics under /api/admin; every route checks the admin role before anything else. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeUserRole,
  getAdminUser,
  liftUserRestriction,
  searchUsers,
  setUserRestriction,
} from '#shared/api/admin';
import type { AppDeps } from '../app';
import { addRoute } from '../lib/route';
import * as admin from '../services/admin.service';
import { callerOfHeaders } from '../services/identity.service';

export function adminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const adminCaller = async (request: FastifyRequest) => {
    const caller = await callerOfHeaders(deps, request.headers);
    admin.assertAdmin(caller);
    return caller;
  };

  addRoute(app, searchUsers, async ({ request, query }) => {
    await adminCaller(request);
    return { items: await admin.searchUsers(deps, query.query) };
  });

  addRoute(app, getAdminUser, async ({ request, params }) => {
    await adminCaller(request);
    return admin.userDetail(deps, params.id);
  });

  addRoute(app, changeUserRole, async ({ request, params, body }) =>
    admin.changeRole(deps, await adminCaller(request), params.id, body.role),
  );

  addRoute(app, setUserRestriction, async ({ request, params, body }) =>
    admin.setRestriction(deps, await adminCaller(request), params.id, body),
  );

  addRoute(app, liftUserRestriction, async ({ request, params }) =>
    admin.liftRestriction(deps, await adminCaller(request), params.id, params.restrictionId),
  );
}
