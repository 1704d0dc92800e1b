import { listCharacters } from '#shared/api/characters';
import type { ApiClient } from '../../lib/api-client';

/** Cards per library page: fills 2, 3 and 4 column grids evenly. */
export const libraryPageSize = 12;

/** One page of the public library; the same for everyone, so it does not wait for the session. */
export function fetchCharacterPage(api: ApiClient, page: number, signal: AbortSignal) {
  return api.request(listCharacters, {
    query: { page, pageSize: libraryPageSize },
    signal,
    isPublic: true,
  });
}
