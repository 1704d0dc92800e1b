import { getCardArt } from '#shared/api/character-cards';
import { getCharacter } from '#shared/api/characters';
import type { ApiClient } from '../../lib/api-client';

export function fetchCharacter(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getCharacter, { params: { id }, signal });
}

/** The original image of a chatbot's card, fetched with the caller's credentials. */
export async function fetchCardArt(api: ApiClient, id: string, signal: AbortSignal): Promise<Blob> {
  const file = await api.download(getCardArt, { params: { id }, signal });
  return file.blob;
}
