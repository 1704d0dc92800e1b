/**
 * Personas (issue 11): a member's identities for chats, within their tier's limit, one of them the
 * default; the persona choice's setting; and the persona a conversation is chatted as.
 */
import type { PersonaInput, PersonaList } from '#shared/api/personas';
import { personaLimits } from '#shared/rules/permissions';
import type { Persona } from '#shared/schemas/persona';
import type { Db } from '../db/database';
import * as personas from '../db/repositories/personas.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { squareWebp } from '../lib/images';
import type { FileStorage } from '../lib/storage';
import { assertMayChat } from './restrictions.service';
import { ownedConversation } from './conversations.service';

export async function list(db: Db, caller: MemberCaller): Promise<PersonaList> {
  const [items, isHidden] = await Promise.all([
    personas.listForUser(db, caller.userId),
    personas.isChoiceHidden(db, caller.userId),
  ]);
  return { items, limit: personaLimits[caller.role], isChoiceShown: !isHidden };
}

export async function get(db: Db, caller: MemberCaller, id: string): Promise<Persona> {
  const persona = await personas.findOwned(db, caller.userId, id);
  if (!persona) throw new AppError('persona_not_found');
  return persona;
}

export async function create(
  db: Db,
  caller: MemberCaller,
  input: PersonaInput & { isDefault: boolean },
): Promise<Persona> {
  assertMayChat(caller);
  const limit = personaLimits[caller.role];
  const created = await personas.createWithin(db, caller.userId, input, limit);
  if (created === 'full') {
    throw new AppError('persona_limit', { details: { limit, role: caller.role } });
  }
  return created;
}

export async function update(
  db: Db,
  caller: MemberCaller,
  id: string,
  input: PersonaInput,
): Promise<Persona> {
  assertMayChat(caller);
  const persona = await personas.update(db, caller.userId, id, input);
  if (!persona) throw new AppError('persona_not_found');
  return persona;
}

export async function makeDefault(db: Db, caller: MemberCaller, id: string): Promise<Persona> {
  assertMayChat(caller);
  const persona = await personas.makeDefault(db, caller.userId, id);
  if (!persona) throw new AppError('persona_not_found');
  return persona;
}

/** Deletes a persona other than the default; its chats move to the default persona. */
export async function remove(db: Db, caller: MemberCaller, id: string): Promise<void> {
  assertMayChat(caller);
  const result = await personas.remove(db, caller.userId, id);
  if (result === 'missing') throw new AppError('persona_not_found');
  if (result === 'default') throw new AppError('persona_default_delete');
}

export async function setChoiceShown(
  db: Db,
  caller: MemberCaller,
  isChoiceShown: boolean,
): Promise<void> {
  await personas.setChoiceHidden(db, caller.userId, !isChoiceShown);
}

/** Stores a persona avatar as a 256 px square WebP; answers its URL for the save. */
export async function storeAvatar(
  storage: FileStorage,
  caller: MemberCaller,
  image: Buffer,
): Promise<string> {
  assertMayChat(caller);
  return storage.put('persona-avatars', 'webp', await squareWebp(image, 256));
}

/** Switches the persona of one of the caller's conversations to another of their personas. */
export async function setConversationPersona(
  db: Db,
  caller: MemberCaller,
  conversationId: string,
  personaId: string,
): Promise<void> {
  assertMayChat(caller);
  await ownedConversation(db, caller, conversationId);
  if (!(await personas.setForConversation(db, caller.userId, conversationId, personaId))) {
    throw new AppError('persona_not_found', { field: 'personaId' });
  }
}
