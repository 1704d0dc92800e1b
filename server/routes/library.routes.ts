import type { FastifyInstance } from 'fastify';
import { listLibrary, listLibraryTags } from '#shared/api/library';
import type { AppDeps } from '../app-deps';
import { countryOf } from '../lib/country';
import { addRoute } from '../lib/route';
import * as library from '../services/library.service';

export function libraryRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listLibrary, async ({ caller, query, request }) =>
    library.listLibrary(deps, caller, countryOf(deps.config, request.headers), query),
  );
  // The route needs no caller; the flag is judged for whoever sent it, as the library's includeGroups.
  // The counts are the maintenance queue's, nobody's own write: any replica within the lag serves them.
  addRoute(app, listLibraryTags, async ({ request }) => {
    const includeGroups = await app.routeFlag(request, 'groupchat');
    return deps.reads.read(null, (db) => library.popularTags(db, includeGroups));
  });
}
