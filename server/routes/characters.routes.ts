import type { FastifyInstance } from 'fastify';
import { getCharacter, listCharacters } from '#shared/api/characters';
import { toCharacter, toCharacterSummary } from '../db/mappers';
import * as characters from '../db/repositories/characters.repo';
import { AppError } from '../lib/errors';
import { addRoute } from '../lib/route';
import type { AppDeps } from '../app';

export function characterRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listCharacters, async ({ query }) => {
    const { items, total } = await characters.listPublic(deps.db, query);
    return {
      items: items.map(toCharacterSummary),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  });

  addRoute(app, getCharacter, async ({ params }) => {
    const row = await characters.findById(deps.db, params.id);
    // Private characters are their creator's; until accounts exist nobody else may read them.
    if (!row || row.visibility === 'private' || row.visibility === 'permanently_private') {
      throw new AppError('character_not_found');
    }
    return toCharacter(row, false);
  });
}
