/** Admin basics under /api/admin; their contracts admit admins only (auth: 'admin'). */
import type { FastifyInstance } from 'fastify';
import {
  changeUserRole,
  getAdminUser,
  liftUserRestriction,
  searchUsers,
  setUserRestriction,
} from '#shared/api/admin';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as admin from '../services/admin.service';

export function adminRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, searchUsers, async ({ query }) => ({
    items: await admin.searchUsers(deps, query.query),
  }));

  addRoute(app, getAdminUser, async ({ params }) => admin.userDetail(deps, params.id));

  addRoute(app, changeUserRole, async ({ caller, params, body }) =>
    admin.changeRole(deps, caller, params.id, body.role),
  );

  addRoute(app, setUserRestriction, async ({ caller, params, body }) =>
    admin.setRestriction(deps, caller, params.id, body),
  );

  addRoute(app, liftUserRestriction, async ({ caller, params }) =>
    admin.liftRestriction(deps, caller, params.id, params.restrictionId),
  );
}
