import type { FastifyInstance } from 'fastify';
import {
  checkUsername,
  completeOnboarding,
  confirmEmailChange,
  createExternalUser,
  requestEmailChange,
  setInterests,
} from '#shared/api/account';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as account from '../services/account.service';

export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, checkUsername, async ({ query }) => ({
    isAvailable: await account.isUsernameAvailable(deps.db, query.username),
  }));

  addRoute(app, completeOnboarding, async ({ caller, body }) =>
    account.completeOnboarding(deps.db, caller, body),
  );

  addRoute(app, createExternalUser, async ({ caller, body }) => ({
    user: await account.createExternalUser(deps.db, caller, body),
  }));

  addRoute(app, setInterests, async ({ caller, body }) => ({
    interests: await account.setInterests(deps.db, caller, body.interests),
  }));

  addRoute(app, requestEmailChange, async ({ caller, request, body }) => {
    await account.requestEmailChange(deps, caller, { email: body.email, ip: request.ip });
    return { sent: true as const };
  });

  addRoute(app, confirmEmailChange, async ({ caller, body }) =>
    account.confirmEmailChange(deps, caller, body),
  );
}
