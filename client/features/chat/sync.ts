/**
 * The resync rule (docs/style.md, "Realtime events"): join the conversation's room, whose answer holds
 * the text so far of a reply in flight and its seq, then fetch the newest messages. Deltas after that
 * apply only in seq order (events.ts). Runs on open, on every socket (re)connect and after a seq gap.
 */
import type { Services } from '../../lib/services';
import { toApiError } from '../../lib/api-client';
import type { AppStore } from '../../lib/store';
import { fetchMessagesPage, joinConversation } from './api';
import { conversationsAtom } from './atoms';
import { applyJoined, applyJoinStarted, applyLoadFailed, applyMessagesPage } from './events';

export async function syncConversation(
  { api, socket }: Services,
  store: AppStore,
  conversationId: string,
): Promise<void> {
  store.set(conversationsAtom, (s) => applyJoinStarted(s, conversationId));
  const joined = await joinConversation(socket, conversationId);
  if (!joined.ok) {
    store.set(conversationsAtom, (s) => applyLoadFailed(s, conversationId, joined.error));
    return;
  }
  store.set(conversationsAtom, (s) =>
    applyJoined(s, conversationId, joined.data.pending, joined.data.draft),
  );
  try {
    const page = await fetchMessagesPage(api, conversationId);
    store.set(conversationsAtom, (s) => applyMessagesPage(s, conversationId, page, 'latest'));
  } catch (err) {
    store.set(conversationsAtom, (s) =>
      applyLoadFailed(s, conversationId, toApiError(err).toBody()),
    );
  }
}
