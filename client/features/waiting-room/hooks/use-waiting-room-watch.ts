import { useStore } from 'jotai';
import { useEffect } from 'react';
import { useServices } from '../../../lib/services';
import { startWaitingRoomWatch } from '../watcher';

/** Watches the line for as long as the app is mounted (see watcher.ts). */
export function useWaitingRoomWatch(): void {
  const { api, socket } = useServices();
  const store = useStore();
  useEffect(() => startWaitingRoomWatch({ api, socket, store }), [api, socket, store]);
}
