import {
  createCharacter,
  getOwnCharacter,
  listOwnCharacters,
  listOwnGroups,
  updateCharacter,
  uploadCharacterAvatar,
  type SaveGroupBody,
} from '#shared/api/authoring';
import { getGroup } from '#shared/api/characters';
import { getAutoResponse, updateAutoResponse } from '#shared/api/group-chats';
import { listLibrary } from '#shared/api/library';
import { deleteCharacter } from '#shared/api/social';
import type { ApiClient } from '../../lib/api-client';
import { uploadAvatarTo, type AvatarUploadOptions } from '../../lib/avatar-upload';

export function fetchOwnGroups(api: ApiClient, signal: AbortSignal) {
  return api.request(listOwnGroups, { signal }).then((r) => r.items);
}

export function fetchOwnGroup(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getOwnCharacter, { params: { id }, signal });
}

/** Creates (id null) or updates a group through the character calls (product-rules.md §7). */
export function saveGroup(api: ApiClient, id: string | null, body: SaveGroupBody) {
  return id === null
    ? api.request(createCharacter, { body })
    : api.request(updateCharacter, { params: { id }, body });
}

export function removeGroup(api: ApiClient, id: string) {
  return api.request(deleteCharacter, { params: { id } });
}

/** The picker's Explore source: listed chatbots (no group chats) matching the search. */
export function exploreChatbots(api: ApiClient, q: string, signal: AbortSignal) {
  return api
    .request(listLibrary, { query: { q, page: 1, chatbotsOnly: 'true' }, signal })
    .then((p) => p.items);
}

/** The picker's My Chatbots source. */
export function myChatbots(api: ApiClient, signal: AbortSignal) {
  return api.request(listOwnCharacters, { signal }).then((r) => r.items);
}

export function uploadGroupAvatar(
  api: ApiClient,
  file: File,
  options?: AvatarUploadOptions,
): Promise<string> {
  return uploadAvatarTo(api, uploadCharacterAvatar, file, options);
}

/** A group chat's members in turn order (anyone who may see the group; 404 for a chatbot). */
export function fetchGroup(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getGroup, { params: { id }, signal });
}

/** Whether Auto Response is on in one of the caller's group conversations. */
export function fetchAutoResponse(api: ApiClient, conversationId: string, signal: AbortSignal) {
  return api.request(getAutoResponse, { params: { id: conversationId }, signal });
}

/** Enable or Disable Auto Response (premium: group_premium_required otherwise). */
export function saveAutoResponse(api: ApiClient, conversationId: string, isOn: boolean) {
  return api.request(updateAutoResponse, { params: { id: conversationId }, body: { isOn } });
}
