import { useServices } from '../../../lib/services';
import { useMemberId } from '../../../lib/session';
import { useQuery } from '../../../lib/use-query';
import { fetchCharacter } from '../api';

/**
 * One character (its chatbot profile); pages use it for the profile and the chat header. It loads
 * again when the member signs in or out, since what the caller may see and their marks change.
 */
export function useCharacter(id: string) {
  const { api } = useServices();
  const viewer = useMemberId() ?? 'guest';
  return useQuery(`character:${id}:${viewer}`, (signal) => fetchCharacter(api, id, signal));
}
