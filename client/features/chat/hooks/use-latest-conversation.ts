import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { fetchLatestConversation } from '../api';

/** The caller's latest conversation with a character, so /chat/{characterId} resumes it. */
export function useLatestConversation(characterId: string) {
  const { api } = useServices();
  return useQuery(`latest-conversation:${characterId}`, (signal) =>
    fetchLatestConversation(api, characterId, signal),
  );
}
