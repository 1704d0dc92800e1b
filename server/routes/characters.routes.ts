import type { FastifyInstance } from 'fastify';
import { getCharacter, listCharacters } from '#shared/api/characters';
import type { AppDeps } from '../app';
import { addRoute } from '../lib/route';
import * as characters from '../services/characters.service';

export function characterRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listCharacters, async ({ query }) => ({
    ...(await characters.listPublic(deps.db, query)),
    page: query.page,
    pageSize: query.pageSize,
  }));

  addRoute(app, getCharacter, async ({ caller, params }) =>
    characters.getCharacter(deps.db, caller, params.id),
  );
}
