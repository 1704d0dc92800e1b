/** The persona calls, built on the shared persona contracts (shared/api/personas.ts). */
import { getConversation } from '#shared/api/conversations';
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
  type PersonaInput,
  type PersonaList,
} from '#shared/api/personas';
import type { Persona } from '#shared/schemas/persona';
import type { ApiClient } from '../../lib/api-client';
import { uploadAvatarTo, type AvatarUploadOptions } from '../../lib/avatar-upload';

export function fetchPersonas(api: ApiClient, signal?: AbortSignal): Promise<PersonaList> {
  return api.request(listPersonas, { signal });
}

export function fetchPersona(api: ApiClient, id: string, signal?: AbortSignal): Promise<Persona> {
  return api.request(getPersona, { params: { id }, signal });
}

export function savePersona(
  api: ApiClient,
  id: string | null,
  input: PersonaInput & { isDefault: boolean },
): Promise<Persona> {
  if (id === null) return api.request(createPersona, { body: input });
  return api.request(updatePersona, {
    params: { id },
    body: { avatarUrl: input.avatarUrl, name: input.name, highlights: input.highlights },
  });
}

export async function removePersona(api: ApiClient, id: string): Promise<void> {
  await api.request(deletePersona, { params: { id } });
}

export function makeDefault(api: ApiClient, id: string): Promise<Persona> {
  return api.request(makeDefaultPersona, { params: { id } });
}

export async function setChoiceShown(api: ApiClient, isChoiceShown: boolean): Promise<void> {
  await api.request(setPersonaChoiceShown, { body: { isChoiceShown } });
}

export function uploadAvatar(
  api: ApiClient,
  file: File,
  options?: AvatarUploadOptions,
): Promise<string> {
  return uploadAvatarTo(api, uploadPersonaAvatar, file, options);
}

/** The persona a conversation is chatted as now (null: none). */
export async function fetchConversationPersonaId(
  api: ApiClient,
  conversationId: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const conversation = await api.request(getConversation, {
    params: { id: conversationId },
    signal,
  });
  return conversation.userPersonaId;
}

export async function changeConversationPersona(
  api: ApiClient,
  conversationId: string,
  personaId: string,
): Promise<void> {
  await api.request(setConversationPersona, {
    params: { id: conversationId },
    body: { personaId },
  });
}
