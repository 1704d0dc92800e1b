import {
  createCharacter,
  getOwnCharacter,
  listOwnCharacters,
  updateCharacter,
  uploadCharacterAvatar,
  type CardImportFields,
  type SaveCharacterBody,
} from '#shared/api/authoring';
import type { ApiClient } from '../../lib/api-client';
import { uploadAvatarTo, type AvatarUploadOptions } from '../../lib/avatar-upload';

export function fetchOwnCharacter(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getOwnCharacter, { params: { id }, signal });
}

export function fetchOwnCharacters(api: ApiClient, signal: AbortSignal) {
  return api.request(listOwnCharacters, { signal }).then((r) => r.items);
}

/** Creates (id null, with what an imported card brought) or updates a chatbot. */
export function saveCharacter(
  api: ApiClient,
  id: string | null,
  body: SaveCharacterBody,
  card: CardImportFields | null = null,
) {
  return id === null
    ? api.request(createCharacter, { body: { ...body, ...card } })
    : api.request(updateCharacter, { params: { id }, body });
}

export function uploadChatbotAvatar(
  api: ApiClient,
  file: File,
  options?: AvatarUploadOptions,
): Promise<string> {
  return uploadAvatarTo(api, uploadCharacterAvatar, file, options);
}
