import type { FastifyInstance } from 'fastify';
import { listLibrary, listLibraryTags } from '#shared/api/library';
import type { AppDeps } from '../app';
import { countryOf } from '../lib/country';
import { addRoute } from '../lib/route';
import * as library from '../services/library.service';

export function libraryRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listLibrary, async ({ caller, query, request }) =>
    library.listLibrary(deps, caller, countryOf(deps.config, request.headers), query),
  );
  addRoute(app, listLibraryTags, async () => library.popularTags(deps.db));
}
