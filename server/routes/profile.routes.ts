import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import {
  avatarMaxBytes,
  avatarTypes,
  deleteAccount,
  getProfile,
  updateProfile,
  uploadAvatar,
} from '#shared/api/profile';
import * as users from '../db/repositories/users.repo';
import { AppError } from '../lib/errors';
import { storeSquareWebp } from '../lib/images';
import { assertMayCreate } from '../services/restrictions.service';
import type { AppDeps } from '../app';
import { addRoute } from '../lib/route';
import * as profile from '../services/profile.service';
import { callerOfHeaders } from '../services/identity.service';
import {
  assertMayViewNsfw,
  statusForCaller,
} from '../services/age-verification/age-verification.service';
import { countryOf } from './age-verification.routes';
import { clearRefreshCookie } from './auth-cookies';

export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getProfile, async ({ request }) =>
    profile.getProfile(deps, await callerOfHeaders(deps, request.headers)),
  );

  addRoute(app, updateProfile, async ({ request, body }) => {
    const caller = await callerOfHeaders(deps, request.headers);
    if (body.showNsfw === true) {
      assertMayViewNsfw(await statusForCaller(deps, caller, countryOf(request)));
    }
    return profile.updateProfile(deps, caller, body);
  });

  addRoute(app, uploadAvatar, async ({ request }) => {
    const caller = await callerOfHeaders(deps, request.headers);
    assertMayCreate(caller);
    const file = await request.file({ limits: { fileSize: avatarMaxBytes, files: 1 } });
    if (file?.fieldname !== 'avatar') {
      throw new AppError('validation_failed', { field: 'avatar', message: 'Avatar is required' });
    }
    if (!avatarTypes.some((t) => t === file.mimetype)) {
      throw new AppError('validation_failed', {
        field: 'avatar',
        message: 'Use a JPEG, PNG, WebP or GIF image.',
      });
    }
    const input = await file.toBuffer().catch((err: unknown) => {
      throw new AppError('payload_too_large', {
        field: 'avatar',
        message: 'The image is larger than 5 MB.',
        cause: err,
      });
    });
    const name = await storeSquareWebp(path.join(deps.config.UPLOAD_DIR, 'avatars'), input, 256);
    const avatarUrl = `/uploads/avatars/${name}`;
    await users.setAvatar(deps.db, caller.userId, avatarUrl);
    return { avatarUrl };
  });

  addRoute(app, deleteAccount, async ({ request, reply }) => {
    const family = await profile.deleteAccount(
      deps.db,
      deps.secret,
      await callerOfHeaders(deps, request.headers),
    );
    if (family !== null) deps.endSessionSockets(family);
    clearRefreshCookie(reply, deps.config);
    return {};
  });
}
