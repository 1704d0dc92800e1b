import { useStore } from 'jotai';
import { useEffect } from 'react';
import { waitingRoomAtom } from '../atoms';
import { cancelJoin, requestJoin } from '../status-machine';

/**
 * What the chat page calls once its character is known (null before): opening a chat is what puts a
 * visitor in the waiting line (browsing never does). The watcher joins over the socket; leaving the
 * chat before that happened cancels it.
 */
export function useWaitingRoomJoin(characterId: string | null): void {
  const store = useStore();
  useEffect(() => {
    if (characterId === null) return;
    store.set(waitingRoomAtom, requestJoin(store.get(waitingRoomAtom), characterId));
    return () => {
      store.set(waitingRoomAtom, cancelJoin(store.get(waitingRoomAtom), characterId));
    };
  }, [store, characterId]);
}
