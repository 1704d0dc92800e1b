import type { FastifyInstance } from 'fastify';
import { getCharacter, getGreetings, getGroup } from '#shared/api/characters';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as characters from '../services/characters.service';
import { visibleGreetings } from '../services/chat-greetings.service';
import { visibleGroup } from '../services/group-chat.service';

export function characterRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Profiles and greetings are public reads (db/read-db.ts): a replica serves them once it has the
  // caller's writes.
  addRoute(app, getCharacter, async ({ caller, params }) =>
    deps.reads.read(caller.userId, (db) => characters.getCharacter(db, caller, params.id)),
  );
  addRoute(app, getGreetings, async ({ caller, params }) => ({
    greetings: await deps.reads.read(caller.userId, (db) =>
      visibleGreetings(db, caller, params.id),
    ),
  }));
  addRoute(app, getGroup, async ({ caller, params }) =>
    deps.reads.read(caller.userId, (db) => visibleGroup(db, caller, params.id)),
  );
}
