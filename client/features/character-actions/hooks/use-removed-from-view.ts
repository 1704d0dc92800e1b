import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { blockedUsernamesAtom, removedCharacterIdsAtom } from '../atoms';

/**
 * Whether a chatbot left the view in this tab: deleted, marked "less like this", or made by a creator
 * the member blocked. Lists drop such cards at once (the server leaves them out on the next load).
 */
export function useIsRemovedFromView(): (character: {
  id: string;
  creatorUsername: string | null;
}) => boolean {
  const removed = useAtomValue(removedCharacterIdsAtom);
  const blocked = useAtomValue(blockedUsernamesAtom);
  return useCallback(
    (character) =>
      removed.has(character.id) ||
      (character.creatorUsername !== null && blocked.has(character.creatorUsername.toLowerCase())),
    [removed, blocked],
  );
}
