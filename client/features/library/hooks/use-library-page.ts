import type { LibraryScope } from '#shared/api/library';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { useQuery } from '../../../lib/use-query';
import { fetchLibraryPage, fetchLibraryTags } from '../api';
import { serialiseFilters, type LibraryFilters } from '../filters';

/**
 * One page of a listing; asked again when the filters, the scope or the signed-in member change. While
 * the session is being restored the page is asked as a guest's (fetchLibraryPage does not wait), so a
 * restore that ends as a guest keeps that answer and only one that ends signed in asks again.
 */
export function useLibraryPage(
  filters: LibraryFilters,
  scope: LibraryScope,
  nsfw: boolean,
  options: { creator?: string; pageSize?: number } = {},
) {
  const { api } = useServices();
  const session = useSession();
  const who = session.status === 'member' ? session.session.user.id : 'guest';
  const key = `library:${scope}:${options.creator ?? ''}:${who}:${String(nsfw)}:${String(options.pageSize ?? '')}:${serialiseFilters(filters)}`;
  return useQuery(key, (signal) =>
    fetchLibraryPage(
      api,
      {
        q: filters.q,
        tags: filters.tags,
        languages: filters.languages,
        sizes: filters.sizes,
        sort: filters.sort,
        page: filters.page,
        nsfw: nsfw ? 'true' : 'false',
        scope,
        ...(options.creator === undefined ? {} : { creator: options.creator }),
        ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
      },
      signal,
    ),
  );
}

export function useLibraryTags() {
  const { api } = useServices();
  return useQuery('library:tags', (signal) => fetchLibraryTags(api, signal));
}
