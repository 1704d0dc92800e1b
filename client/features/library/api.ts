import { getAgeVerification } from '#shared/api/age-verification';
import { listLibrary, listLibraryTags, type LibraryQueryInput } from '#shared/api/library';
import { getProfile } from '#shared/api/profile';
import type { ApiClient } from '../../lib/api-client';

/** Cards per library page: fills 2, 3 and 4 column grids evenly. */
export const libraryPageSize = 24;

/**
 * One page of the library as the caller sees it. Sent at once with the identity known now (isPublic):
 * callers key the query by who is signed in, so a restored session asks again and its blocked creators
 * and NSFW choice apply.
 */
export function fetchLibraryPage(api: ApiClient, query: LibraryQueryInput, signal: AbortSignal) {
  return api.request(listLibrary, {
    query: { pageSize: libraryPageSize, ...query },
    signal,
    isPublic: true,
  });
}

export function fetchLibraryTags(api: ApiClient, signal: AbortSignal) {
  return api.request(listLibraryTags, { signal, isPublic: true });
}

/** What decides whether a member may turn NSFW on: the profile setting and the age verification. */
export async function fetchNsfwGate(api: ApiClient) {
  const [profile, age] = await Promise.all([
    api.request(getProfile),
    api.request(getAgeVerification),
  ]);
  return { showNsfw: profile.showNsfw, ageVerification: age.status };
}
