import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../../../lib/services';

/** Whether the socket is connected now; re-renders on connect and disconnect. */
export function useSocketConnected(): boolean {
  const { socket } = useServices();
  const subscribe = useCallback(
    (onChange: () => void) => {
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => socket.connected);
}
