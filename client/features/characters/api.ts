import { getCharacter } from '#shared/api/characters';
import type { ApiClient } from '../../lib/api-client';

export function fetchCharacter(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getCharacter, { params: { id }, signal });
}
