/** Lorebooks, their entries, their import, and the books a chatbot carries (shared/api/lorebooks.ts). */
import type { FastifyInstance } from 'fastify';
import {
  attachLorebook,
  createLorebook,
  createLorebookEntry,
  deleteLorebook,
  deleteLorebookEntry,
  detachLorebook,
  getLorebook,
  importLorebook,
  listCharacterLorebooks,
  listMyLorebooks,
  updateLorebook,
  updateLorebookEntry,
  uploadLorebookAvatar,
} from '#shared/api/lorebooks';
import type { AppDeps } from '../app-deps';
import { readAvatarUpload } from '../lib/avatar-upload';
import { addRoute } from '../lib/route';
import * as lorebooks from '../services/lorebooks.service';

export function lorebookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  addRoute(app, listMyLorebooks, async ({ caller }) => ({
    items: await lorebooks.listMine(db, caller),
  }));

  addRoute(app, importLorebook, ({ caller, body }) =>
    Promise.resolve(lorebooks.prepareImport(caller, body.data, body.fileName)),
  );

  // A book's page is a public read (db/read-db.ts): a replica serves it once it has the caller's writes.
  addRoute(app, getLorebook, async ({ caller, params }) =>
    deps.reads.read(caller.userId, (readDb) => lorebooks.get(readDb, caller, params.id)),
  );

  addRoute(app, createLorebook, async ({ caller, body }) => lorebooks.create(db, caller, body));

  addRoute(app, updateLorebook, async ({ caller, params, body }) =>
    lorebooks.update(db, caller, params.id, body),
  );

  addRoute(app, deleteLorebook, async ({ caller, params }) => {
    await lorebooks.remove(db, caller, params.id);
    return { id: params.id };
  });

  addRoute(app, createLorebookEntry, async ({ caller, params, body }) =>
    lorebooks.addEntry(db, caller, params.id, body),
  );

  addRoute(app, updateLorebookEntry, async ({ caller, params, body }) =>
    lorebooks.updateEntry(db, caller, params.id, params.entryId, body),
  );

  addRoute(app, deleteLorebookEntry, async ({ caller, params }) => {
    await lorebooks.removeEntry(db, caller, params.id, params.entryId);
    return { id: params.entryId };
  });

  addRoute(app, uploadLorebookAvatar, async ({ caller, request }) => {
    const image = await readAvatarUpload(request);
    return { avatarUrl: await lorebooks.storeAvatar(deps.storage, caller, image) };
  });

  addRoute(app, listCharacterLorebooks, async ({ caller, params }) => ({
    items: await lorebooks.attachedTo(db, caller, params.id),
  }));

  addRoute(app, attachLorebook, async ({ caller, params }) => ({
    items: await lorebooks.attach(db, caller, params.id, params.lorebookId),
  }));

  addRoute(app, detachLorebook, async ({ caller, params }) => ({
    items: await lorebooks.detach(db, caller, params.id, params.lorebookId),
  }));
}
