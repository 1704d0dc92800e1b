import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { useServices } from '../../../lib/services';
import { subscribeServerEvents } from '../../../lib/socket';
import { leaveConversation } from '../api';
import { conversationsAtom } from '../atoms';
import { chatEventHandlers } from '../events';
import { syncConversation } from '../sync';

/**
 * Keeps one conversation live: server events flow into the store, and the conversation is (re)synced
 * on open, on every socket connect (a reconnect after a drop included) and when a delta gap is seen.
 * `conversationId` null means a conversation not started yet: nothing to join.
 */
export function useConversationSync(conversationId: string | null): { resync: () => void } {
  const services = useServices();
  const { socket } = services;
  const store = useStore();

  useEffect(() => subscribeServerEvents(socket, chatEventHandlers(store)), [socket, store]);

  const resync = useCallback(() => {
    if (conversationId !== null) void syncConversation(services, store, conversationId);
  }, [services, store, conversationId]);

  useEffect(() => {
    if (conversationId === null) {
      socket.connect();
      return undefined;
    }
    const onConnect = () => {
      void syncConversation(services, store, conversationId);
    };
    socket.on('connect', onConnect);
    if (socket.connected) onConnect();
    else socket.connect();
    return () => {
      socket.off('connect', onConnect);
      if (socket.connected) void leaveConversation(socket, conversationId);
    };
  }, [services, socket, store, conversationId]);

  const needsResyncAtom = useMemo(
    () =>
      atom((get) =>
        conversationId === null
          ? false
          : (get(conversationsAtom)[conversationId]?.needsResync ?? false),
      ),
    [conversationId],
  );
  const needsResync = useAtomValue(needsResyncAtom);
  useEffect(() => {
    if (needsResync) resync();
  }, [needsResync, resync]);

  return { resync };
}
