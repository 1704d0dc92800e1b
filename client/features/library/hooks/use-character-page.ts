import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchLibraryPage } from '../api';

export function useCharacterPage(page: number) {
  const { api } = useServices();
  return useQuery(`characters:page:${page}`, (signal) => fetchLibraryPage(api, { page }, signal));
}
