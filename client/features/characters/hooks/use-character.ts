import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchCharacter } from '../api';

/** One character (its chatbot profile); pages use it for the profile and the chat header. */
export function useCharacter(id: string) {
  const { api } = useServices();
  return useQuery(`character:${id}`, (signal) => fetchCharacter(api, id, signal));
}
