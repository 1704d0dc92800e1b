/** Personas and the persona of a conversation (shared/api/personas.ts). */
import type { FastifyInstance } from 'fastify';
import {
  createPersona,
  deletePersona,
  getPersona,
  listPersonas,
  makeDefaultPersona,
  setConversationPersona,
  setPersonaChoiceShown,
  updatePersona,
  uploadPersonaAvatar,
} from '#shared/api/personas';
import type { AppDeps } from '../app-deps';
import { readAvatarUpload } from '../lib/avatar-upload';
import { addRoute } from '../lib/route';
import * as personas from '../services/personas.service';

export function personaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  addRoute(app, listPersonas, async ({ caller }) => personas.list(db, caller));

  addRoute(app, getPersona, async ({ caller, params }) => personas.get(db, caller, params.id));

  addRoute(app, createPersona, async ({ caller, body }) => personas.create(db, caller, body));

  addRoute(app, updatePersona, async ({ caller, params, body }) =>
    personas.update(db, caller, params.id, body),
  );

  addRoute(app, deletePersona, async ({ caller, params }) => {
    await personas.remove(db, caller, params.id);
    return { id: params.id };
  });

  addRoute(app, makeDefaultPersona, async ({ caller, params }) =>
    personas.makeDefault(db, caller, params.id),
  );

  addRoute(app, setPersonaChoiceShown, async ({ caller, body }) => {
    await personas.setChoiceShown(db, caller, body.isChoiceShown);
    return { isChoiceShown: body.isChoiceShown };
  });

  addRoute(app, uploadPersonaAvatar, async ({ caller, request }) => {
    const image = await readAvatarUpload(request);
    return { avatarUrl: await personas.storeAvatar(deps.storage, caller, image) };
  });

  addRoute(app, setConversationPersona, async ({ caller, params, body }) => {
    await personas.setConversationPersona(db, caller, params.id, body.personaId);
    return { userPersonaId: body.personaId };
  });
}
