import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { AppErrorBody } from '#shared/errors';
import type { MessageRating, MessageReportInput } from '#shared/rules/message-feedback';
import type { Message } from '#shared/schemas/message';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import {
  adoptMessage,
  continueReply,
  fetchAlternatives,
  regenerateReply,
  removeMessagesFrom,
  saveMessageEdit,
  sendMessageReport,
  sendRating,
} from '../api';
import { conversationsAtom } from '../atoms';
import {
  applyAdopted,
  applyContinued,
  applyMessageChanged,
  applyRegenerated,
  applyRemovedFrom,
} from '../events';

interface MessageActionsOptions {
  conversationId: string | null;
  /** The last message of the branch, whose alternatives can be browsed when it is the bot's. */
  lastMessage: Message | undefined;
  /** Reloads the conversation (after messages were removed). */
  resync: () => void;
  /** Show the newest alternative when they load (a notification mail's reply), not the current one. */
  showsNewest?: boolean;
}

/**
 * The operations on single messages: regenerate and browse the alternatives of the last reply (the one
 * shown is adopted before the next send), edit, remove from a message on, rate and report. Each
 * resolves with the error to show, or null.
 */
export function useMessageActions({
  conversationId,
  lastMessage,
  resync,
  showsNewest = false,
}: MessageActionsOptions) {
  const { api, socket } = useServices();
  const store = useStore();
  /** The alternatives fetched, with the reply they belong to (a newer last reply ignores them). */
  const [fetched, setFetched] = useState<{ forId: string; list: readonly Message[] } | null>(null);
  const [shownIndex, setShownIndex] = useState(0);
  const lastBotId = lastMessage?.role === 'bot' ? lastMessage.id : null;
  const alternatives = fetched !== null && fetched.forId === lastBotId ? fetched.list : [];

  useEffect(() => {
    if (conversationId === null || lastBotId === null) return undefined;
    let isCurrent = true;
    fetchAlternatives(api, { conversationId, messageId: lastBotId }).then(
      (page) => {
        if (!isCurrent) return;
        setFetched({ forId: lastBotId, list: page.alternatives });
        const current = page.alternatives.findIndex((m) => m.id === lastBotId);
        setShownIndex(showsNewest ? page.alternatives.length - 1 : Math.max(0, current));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [api, conversationId, lastBotId, showsNewest]);

  const run = async (action: () => Promise<void>): Promise<AppErrorBody | null> => {
    try {
      await action();
      return null;
    } catch (err) {
      return toApiError(err).toBody();
    }
  };
  const ref = (messageId: string) => ({ conversationId: conversationId ?? '', messageId });
  /** A message the server changed (edited, rated): in the chat, or the alternative shown in its place. */
  const changed = (message: Message) => {
    store.set(conversationsAtom, (s) => applyMessageChanged(s, message));
    setFetched((f) => f && { ...f, list: f.list.map((m) => (m.id === message.id ? message : m)) });
  };
  const hasAlternatives = alternatives.length > 1;
  const shown = hasAlternatives ? alternatives[shownIndex] : undefined;

  return {
    /** The last reply's alternatives (itself included) and which one is shown, when there are several. */
    browsing: hasAlternatives ? { index: shownIndex, count: alternatives.length, shown } : null,
    browse: (step: -1 | 1) => {
      if (!hasAlternatives) return;
      setShownIndex((i) => Math.min(alternatives.length - 1, Math.max(0, i + step)));
    },
    /** Before a send: the alternative on screen becomes the reply the conversation goes on from. */
    adoptShown: async (): Promise<AppErrorBody | null> => {
      if (shown === undefined || lastBotId === null || shown.id === lastBotId) return null;
      return run(async () => {
        const adopted = await adoptMessage(api, ref(shown.id));
        store.set(conversationsAtom, (s) => applyAdopted(s, lastBotId, adopted));
      });
    },
    regenerate: async (): Promise<AppErrorBody | null> => {
      if (conversationId === null) return null;
      const ack = await regenerateReply(socket, conversationId);
      if (!ack.ok) return ack.error;
      store.set(conversationsAtom, (s) => applyRegenerated(s, conversationId, ack.data));
      return null;
    },
    /** The last reply goes on where it stopped, its new text appended to it. */
    continueLast: async (): Promise<AppErrorBody | null> => {
      if (conversationId === null) return null;
      const ack = await continueReply(socket, conversationId);
      if (!ack.ok) return ack.error;
      store.set(conversationsAtom, (s) => applyContinued(s, conversationId, ack.data));
      return null;
    },
    edit: (messageId: string, content: string) =>
      run(async () => {
        changed(await saveMessageEdit(api, ref(messageId), content));
      }),
    removeFrom: (messageId: string) =>
      run(async () => {
        await removeMessagesFrom(api, ref(messageId));
        if (conversationId === null) return;
        store.set(conversationsAtom, (s) => applyRemovedFrom(s, conversationId, messageId));
        // The last message went with them: the list is loaded again from the server.
        resync();
      }),
    rate: (messageId: string, rating: MessageRating) =>
      run(async () => {
        changed(await sendRating(api, ref(messageId), rating));
      }),
    report: (messageId: string, report: MessageReportInput) =>
      run(async () => {
        await sendMessageReport(api, ref(messageId), report);
      }),
  };
}
