/** The lorebook calls, built on the shared contracts (shared/api/lorebooks.ts). */
import type { z } from 'zod';
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
  type LorebookCreateInput,
  type LorebookEntryInput,
  type LorebookInput,
} from '#shared/api/lorebooks';
import type {
  AttachedLorebook,
  Lorebook,
  LorebookEntry,
  LorebookSummary,
} from '#shared/schemas/lorebook';
import type { ApiClient } from '../../lib/api-client';
import { uploadAvatarTo, type AvatarUploadOptions } from '../../lib/avatar-upload';

export type ImportReport = z.output<(typeof importLorebook)['response']>;

export async function fetchMyLorebooks(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<LorebookSummary[]> {
  return (await api.request(listMyLorebooks, { signal })).items;
}

export function fetchLorebook(api: ApiClient, id: string, signal?: AbortSignal): Promise<Lorebook> {
  return api.request(getLorebook, { params: { id }, signal });
}

export function createBook(api: ApiClient, body: LorebookCreateInput): Promise<Lorebook> {
  return api.request(createLorebook, { body });
}

export function updateBook(api: ApiClient, id: string, body: LorebookInput): Promise<Lorebook> {
  return api.request(updateLorebook, { params: { id }, body });
}

export async function removeBook(api: ApiClient, id: string): Promise<void> {
  await api.request(deleteLorebook, { params: { id } });
}

export function addEntry(
  api: ApiClient,
  id: string,
  body: LorebookEntryInput,
): Promise<LorebookEntry> {
  return api.request(createLorebookEntry, { params: { id }, body });
}

export function saveEntry(
  api: ApiClient,
  id: string,
  entryId: string,
  body: LorebookEntryInput,
): Promise<LorebookEntry> {
  return api.request(updateLorebookEntry, { params: { id, entryId }, body });
}

export async function removeEntry(api: ApiClient, id: string, entryId: string): Promise<void> {
  await api.request(deleteLorebookEntry, { params: { id, entryId } });
}

/** Sends a parsed file to be read; the answer is the fit report, nothing is written. */
export function readImport(api: ApiClient, data: unknown, fileName: string): Promise<ImportReport> {
  return api.request(importLorebook, { body: { data, fileName } });
}

export function uploadAvatar(
  api: ApiClient,
  file: File,
  options?: AvatarUploadOptions,
): Promise<string> {
  return uploadAvatarTo(api, uploadLorebookAvatar, file, options);
}

export async function fetchAttached(
  api: ApiClient,
  characterId: string,
  signal?: AbortSignal,
): Promise<AttachedLorebook[]> {
  return (await api.request(listCharacterLorebooks, { params: { id: characterId }, signal })).items;
}

export async function attach(
  api: ApiClient,
  characterId: string,
  lorebookId: string,
): Promise<AttachedLorebook[]> {
  return (await api.request(attachLorebook, { params: { id: characterId, lorebookId } })).items;
}

export async function detach(
  api: ApiClient,
  characterId: string,
  lorebookId: string,
): Promise<AttachedLorebook[]> {
  return (await api.request(detachLorebook, { params: { id: characterId, lorebookId } })).items;
}
