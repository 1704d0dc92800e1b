import type { FastifyInstance } from 'fastify';
import {
  createCharacter,
  decideReview,
  getOwnCharacter,
  listOwnCharacters,
  listReviewQueue,
  updateCharacter,
  uploadCharacterAvatar,
} from '#shared/api/authoring';
import type { AppDeps } from '../app';
import { readAvatarUpload } from '../lib/avatar-upload';
import { addRoute } from '../lib/route';
import * as authoring from '../services/authoring.service';
import { assertMayCreate } from '../services/restrictions.service';

export function authoringRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, createCharacter, async ({ caller, body }) =>
    authoring.createCharacter(deps, caller, body),
  );

  addRoute(app, updateCharacter, async ({ caller, params, body }) =>
    authoring.updateCharacter(deps, caller, params.id, body),
  );

  addRoute(app, listOwnCharacters, async ({ caller }) => ({
    items: await authoring.listOwnCharacters(deps.db, caller),
  }));

  addRoute(app, getOwnCharacter, async ({ caller, params }) =>
    authoring.getOwnCharacter(deps.db, caller, params.id),
  );

  addRoute(app, uploadCharacterAvatar, async ({ caller, request }) => {
    // Refused before the upload is read, so a Restricted member's file is never stored.
    assertMayCreate(caller);
    const input = await readAvatarUpload(request);
    return { avatarUrl: await authoring.storeCharacterAvatar(deps.storage, caller, input) };
  });

  addRoute(app, listReviewQueue, async ({ query }) => ({
    items: await authoring.listReviewQueue(deps.db, query.status),
  }));

  addRoute(app, decideReview, async ({ caller, params, body }) =>
    authoring.decideReview(deps.db, caller, params.id, body),
  );
}
