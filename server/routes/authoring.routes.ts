import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createCharacter,
  decideReview,
  getOwnCharacter,
  listOwnCharacters,
  listOwnGroups,
  listReviewQueue,
  updateCharacter,
  uploadCharacterAvatar,
} from '#shared/api/authoring';
import type { AppDeps } from '../app-deps';
import { readAvatarUpload } from '../lib/avatar-upload';
import { addRoute } from '../lib/route';
import * as authoring from '../services/authoring.service';
import { assertGroupsOn } from '../services/group-chat.service';
import * as groups from '../services/groups.service';

export function authoringRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** Group chats live behind the groupchat flag, like the routes that name it on their contract. */
  const assertGroupsOnFor = async (request: FastifyRequest) => {
    const isOn = await app.routeFlag(request, 'groupchat');
    assertGroupsOn(() => isOn);
  };

  // A group chat is a character of type meta, saved through the same calls (product-rules.md §7).
  addRoute(app, createCharacter, async ({ caller, body, request }) => {
    if (body.type !== 'meta') return authoring.createCharacter(deps, caller, body);
    await assertGroupsOnFor(request);
    return groups.createGroup(deps, caller, body);
  });

  addRoute(app, updateCharacter, async ({ caller, params, body, request }) => {
    if (body.type !== 'meta') return authoring.updateCharacter(deps, caller, params.id, body);
    await assertGroupsOnFor(request);
    return groups.updateGroup(deps, caller, params.id, body);
  });

  addRoute(app, listOwnGroups, async ({ caller }) => ({
    items: await groups.listOwnGroups(deps.db, caller),
  }));

  addRoute(app, listOwnCharacters, async ({ caller }) => ({
    items: await authoring.listOwnCharacters(deps.db, caller),
  }));

  addRoute(app, getOwnCharacter, async ({ caller, params, request }) => {
    const character = await authoring.getOwnCharacter(deps.db, caller, params.id);
    if (character.group === undefined && !(await groups.isGroup(deps.db, params.id))) {
      return character;
    }
    await assertGroupsOnFor(request);
    return groups.ownGroup(deps.db, params.id);
  });

  addRoute(app, uploadCharacterAvatar, async ({ caller, request }) => {
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
