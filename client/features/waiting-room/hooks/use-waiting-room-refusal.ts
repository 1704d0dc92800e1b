import { useStore } from 'jotai';
import { useCallback } from 'react';
import { modalClosedAtAtom, waitingRoomAtom } from '../atoms';
import { refresh } from '../status-machine';

/**
 * What the chat calls when the server refused a send or retry with `waiting_room`: ask again where
 * the caller stands (the watcher does on `refresh`) and show the modal even if it was closed.
 */
export function useWaitingRoomRefusal(): () => void {
  const store = useStore();
  return useCallback(() => {
    store.set(modalClosedAtAtom, null);
    store.set(waitingRoomAtom, refresh(store.get(waitingRoomAtom)));
  }, [store]);
}
