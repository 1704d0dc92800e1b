import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchCharacterPage } from '../api';

export function useCharacterPage(page: number) {
  const { api } = useServices();
  return useQuery(`characters:page:${page}`, (signal) => fetchCharacterPage(api, page, signal));
}
