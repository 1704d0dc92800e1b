import type { FastifyInstance } from 'fastify';
import {
  checkUsername,
  completeOnboarding,
  confirmEmailChange,
  requestEmailChange,
  setInterests,
} from '#shared/api/account';
import type { AppDeps } from '../app';
import * as users from '../db/repositories/users.repo';
import { addRoute } from '../lib/route';
import * as account from '../services/account.service';
import { callerOfHeaders } from '../services/identity.service';

export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, checkUsername, async ({ query }) => ({
    isAvailable: !(await users.isUsernameTaken(deps.db, query.username)),
  }));

  addRoute(app, completeOnboarding, async ({ request, body }) =>
    account.completeOnboarding(deps.db, await callerOfHeaders(deps, request.headers), body),
  );

  addRoute(app, setInterests, async ({ request, body }) => ({
    interests: await account.setInterests(
      deps.db,
      await callerOfHeaders(deps, request.headers),
      body.interests,
    ),
  }));

  addRoute(app, requestEmailChange, async ({ request, body }) => {
    const caller = await callerOfHeaders(deps, request.headers);
    await account.requestEmailChange(deps, caller, { email: body.email, ip: request.ip });
    return { sent: true as const };
  });

  addRoute(app, confirmEmailChange, async ({ request, body }) =>
    account.confirmEmailChange(deps, await callerOfHeaders(deps, request.headers), body),
  );
}
