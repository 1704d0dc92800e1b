/** The memory calls, built on the shared contracts (shared/api/memories.ts). */
import {
  createMemory,
  deleteAllMemories,
  deleteMemory,
  listMemories,
  updateMemory,
  type MemoryPage,
} from '#shared/api/memories';
import type { Memory } from '#shared/schemas/memory';
import type { ApiClient } from '../../lib/api-client';

export function fetchMemories(
  api: ApiClient,
  conversationId: string,
  lastId: string | undefined,
  signal?: AbortSignal,
): Promise<MemoryPage> {
  return api.request(listMemories, {
    params: { id: conversationId },
    query: lastId === undefined ? {} : { lastId },
    signal,
  });
}

export function addMemory(
  api: ApiClient,
  conversationId: string,
  input: { content: string; isPinned: boolean },
): Promise<Memory> {
  return api.request(createMemory, { params: { id: conversationId }, body: input });
}

export function changeMemory(
  api: ApiClient,
  id: string,
  changes: { content?: string; isPinned?: boolean },
): Promise<Memory> {
  return api.request(updateMemory, { params: { id }, body: changes });
}

export async function removeMemory(api: ApiClient, id: string): Promise<void> {
  await api.request(deleteMemory, { params: { id } });
}

export async function removeAllMemories(api: ApiClient, conversationId: string): Promise<void> {
  await api.request(deleteAllMemories, { params: { id: conversationId } });
}
