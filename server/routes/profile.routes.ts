import type { FastifyInstance } from 'fastify';
import { deleteAccount, getProfile, updateProfile, uploadAvatar } from '#shared/api/profile';
import { readAvatarUpload } from '../lib/avatar-upload';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as profile from '../services/profile.service';
import {
  assertMayViewNsfw,
  statusForCaller,
} from '../services/age-verification/age-verification.service';
import { countryOf } from '../lib/country';
import { clearRefreshCookie } from './auth-cookies';

export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getProfile, async ({ caller }) => profile.getProfile(deps, caller));

  addRoute(app, updateProfile, async ({ caller, request, body }) => {
    if (body.showNsfw === true) {
      assertMayViewNsfw(
        await statusForCaller(deps, caller, countryOf(deps.config, request.headers)),
      );
    }
    return profile.updateProfile(deps, caller, body);
  });

  addRoute(app, uploadAvatar, async ({ caller, request }) => {
    const input = await readAvatarUpload(request);
    return { avatarUrl: await profile.setAvatar(deps, caller, input) };
  });

  addRoute(app, deleteAccount, async ({ caller, reply }) => {
    for (const family of await profile.deleteAccount(deps, caller)) deps.endSessionSockets(family);
    clearRefreshCookie(reply, deps.config);
    return {};
  });
}
