/** Card and profile actions of members: favorites, less like this, ratings, creator blocks, delete. */
import type { FastifyInstance } from 'fastify';
import {
  blockCreator,
  deleteCharacter,
  dislikeCharacter,
  favoriteCharacter,
  listBlockedCreators,
  listFavoriteIds,
  rateCharacter,
  unblockCreator,
  unfavoriteCharacter,
} from '#shared/api/social';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { deleteOwnCharacter } from '../services/character-deletion.service';
import * as social from '../services/social.service';

export function socialRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  addRoute(app, favoriteCharacter, async ({ caller, params }) => {
    await social.favorite(db, caller, params.id);
    return { isFavorite: true as const };
  });

  addRoute(app, unfavoriteCharacter, async ({ caller, params }) => {
    await social.unfavorite(db, caller, params.id);
    return { isFavorite: false as const };
  });

  addRoute(app, listFavoriteIds, async ({ caller }) => ({
    ids: await social.favoriteIds(db, caller),
  }));

  addRoute(app, dislikeCharacter, async ({ caller, params }) => {
    await social.dislike(db, caller, params.id);
    return { isDisliked: true as const };
  });

  addRoute(app, rateCharacter, async ({ caller, params, body }) =>
    social.rate(db, caller, params.id, body.value),
  );

  addRoute(app, blockCreator, async ({ caller, params }) =>
    social.blockCreator(db, caller, params.username),
  );

  addRoute(app, unblockCreator, async ({ caller, params }) =>
    social.unblockCreator(db, caller, params.username),
  );

  addRoute(app, listBlockedCreators, async ({ caller }) => ({
    items: await social.blockedCreators(db, caller),
  }));

  addRoute(app, deleteCharacter, async ({ caller, params }) => {
    await deleteOwnCharacter(db, caller, params.id);
    return { id: params.id };
  });
}
