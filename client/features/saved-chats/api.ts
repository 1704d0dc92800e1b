/** The saved-chats calls, built on the shared conversation contracts. */
import {
  cloneConversation,
  conversationFileField,
  deleteConversation,
  exportConversation,
  getConversation,
  importConversation,
  listCharacterConversations,
  listConversations,
  updateConversationLabel,
  type ConversationPage,
} from '#shared/api/conversations';
import type { ConversationSummary } from '#shared/schemas/conversation';
import type { ApiClient, DownloadedFile } from '../../lib/api-client';

export interface ListScope {
  /** Saved Chats with one character; undefined for Recent Chats. */
  characterId?: string;
  search: string;
}

/** One page of a conversation list, after `lastId` when given. */
export function fetchConversationPage(
  api: ApiClient,
  scope: ListScope,
  lastId: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const query = { lastId, search: scope.search === '' ? undefined : scope.search };
  return scope.characterId === undefined
    ? api.request(listConversations, { query, signal })
    : api.request(listCharacterConversations, {
        params: { id: scope.characterId },
        query,
        signal,
      });
}

/** A conversation's summary (its title, for the dialogs of the chat's menu). */
export function fetchConversation(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.request(getConversation, { params: { id }, signal });
}

export function renameConversation(api: ApiClient, id: string, label: string) {
  return api.request(updateConversationLabel, { params: { id }, body: { label } });
}

export function removeConversation(api: ApiClient, id: string) {
  return api.request(deleteConversation, { params: { id } });
}

/** Clone Fully without `lastMessageId`, Clone Partially up to it. */
export function cloneChat(
  api: ApiClient,
  id: string,
  input: { title: string; lastMessageId?: string },
): Promise<ConversationSummary> {
  return api.request(cloneConversation, { params: { id }, body: input });
}

export function downloadConversation(api: ApiClient, id: string): Promise<DownloadedFile> {
  return api.download(exportConversation, { params: { id } });
}

export function uploadConversation(api: ApiClient, file: File): Promise<ConversationSummary> {
  const form = new FormData();
  form.append(conversationFileField, file, file.name);
  return api.upload(importConversation, { form });
}
