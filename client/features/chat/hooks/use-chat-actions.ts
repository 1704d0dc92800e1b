import { useStore } from 'jotai';
import { useState } from 'react';
import type { AppErrorBody } from '#shared/errors';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import {
  discardAutopilotDraft,
  fetchMessagesPage,
  retryGeneration,
  sendMessage,
  startAutopilot,
  type GroupTurn,
  stopGeneration,
} from '../api';
import { conversationsAtom } from '../atoms';
import {
  applyAutopilotAsked,
  applyDraftDiscarded,
  applyMessagesPage,
  applyRetried,
  applySent,
} from '../events';

interface ChatActionsOptions {
  characterId: string;
  /** Null until the first message starts the conversation. */
  conversationId: string | null;
  /** The server created the conversation for the first message. */
  onStarted: (conversationId: string) => void;
  /** The persona a new conversation is chatted as (default: the member's default persona). */
  personaId?: string | null;
  /** The server refused a send or retry with `waiting_room`: the waiting room takes over (no error modal). */
  onWaitingRoom?: () => void;
  /** A group chat: who answers the next message (sent with it). */
  turn?: GroupTurn;
  /** The greeting a new conversation starts on (use-opening-greetings.ts); 0, its own, by default. */
  greetingIndex?: number;
}

/** Send, retry, autopilot, stop and load-earlier, with what the screen shows while they run. */
export function useChatActions({
  characterId,
  conversationId,
  onStarted,
  onWaitingRoom,
  personaId,
  turn,
  greetingIndex = 0,
}: ChatActionsOptions) {
  const { api, socket } = useServices();
  const store = useStore();
  /** The text being sent, shown until the server acknowledges it. */
  const [outgoing, setOutgoing] = useState<string | null>(null);
  const [isRetrying, setIsRetrying] = useState(false);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [error, setError] = useState<AppErrorBody | null>(null);

  const refused = (err: AppErrorBody) => {
    if (err.code === 'waiting_room' && onWaitingRoom !== undefined) onWaitingRoom();
    else setError(err);
  };

  /** Resolves false when the message was not accepted, so the composer can give the text back. */
  const send = async (content: string): Promise<boolean> => {
    setOutgoing(content);
    const ack = await sendMessage(socket, {
      characterId,
      conversationId,
      content,
      ...(conversationId === null && personaId != null ? { personaId } : {}),
      ...(conversationId === null && greetingIndex > 0 ? { greetingIndex } : {}),
      ...(turn !== undefined ? { turn } : {}),
    });
    setOutgoing(null);
    if (!ack.ok) {
      // The composer gets the text back, so a message refused (e.g. by the waiting room) is not lost.
      refused(ack.error);
      return false;
    }
    store.set(conversationsAtom, (s) => applySent(s, ack.data));
    if (conversationId === null) onStarted(ack.data.conversationId);
    return true;
  };

  const retry = async (): Promise<void> => {
    if (conversationId === null) return;
    setIsRetrying(true);
    const failed = store.get(conversationsAtom)[conversationId]?.failure;
    const ack = await retryGeneration(socket, conversationId, failed?.speakerId);
    setIsRetrying(false);
    if (ack.ok)
      store.set(conversationsAtom, (s) => applyRetried(s, conversationId, ack.data.replyId));
    else refused(ack.error);
  };

  /** Asks autopilot for the user's next turn; resolves whether it was accepted. */
  const autopilot = async (intent: string): Promise<boolean> => {
    if (conversationId === null) return false;
    const ack = await startAutopilot(socket, conversationId, intent);
    if (!ack.ok) {
      refused(ack.error);
      return false;
    }
    store.set(conversationsAtom, (s) => applyAutopilotAsked(s, conversationId, ack.data.draftId));
    return true;
  };

  /** Discard: the draft leaves the box at once; the server forgets it too (a failure there is harmless). */
  const discardDraft = async (draftId: string): Promise<void> => {
    if (conversationId === null) return;
    store.set(conversationsAtom, (s) => applyDraftDiscarded(s, conversationId, draftId));
    await discardAutopilotDraft(socket, conversationId, draftId);
  };

  const stop = async (): Promise<void> => {
    if (conversationId === null) return;
    const ack = await stopGeneration(socket, conversationId);
    if (!ack.ok) setError(ack.error);
  };

  const loadOlder = async (): Promise<void> => {
    if (conversationId === null || isLoadingOlder) return;
    const oldest = store.get(conversationsAtom)[conversationId]?.messages[0];
    if (oldest === undefined) return;
    setIsLoadingOlder(true);
    try {
      const page = await fetchMessagesPage(api, conversationId, oldest.id);
      store.set(conversationsAtom, (s) => applyMessagesPage(s, conversationId, page, 'older'));
    } catch (err) {
      setError(toApiError(err).toBody());
    } finally {
      setIsLoadingOlder(false);
    }
  };

  return {
    outgoing,
    isRetrying,
    isLoadingOlder,
    error,
    clearError: () => {
      setError(null);
    },
    send,
    retry,
    autopilot,
    discardDraft,
    stop,
    loadOlder,
  };
}
