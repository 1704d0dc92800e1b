/**
 * Applies server events, command acknowledgements and REST pages to the chat state, one pure function
 * each (docs/style.md, "Realtime events").
 *
 * The seq rules: a reply's deltas carry seq 1, 2, 3… and apply only in order; a delta at or below the
 * held seq is stale and dropped; one further ahead is a gap, which marks the conversation for a resync
 * (join, then refetch), as zulip resyncs after a missed event. `generation:started` carries the seq a
 * run starts from with empty text: a run taken over after a worker crash restarts the text, and its
 * deltas continue the seq. A stored message with the reply's id ends the streaming.
 */
import type { AppErrorBody } from '#shared/errors';
import type { ServerEventPayload } from '#shared/realtime/events';
import type { AutopilotDraft, PendingReply } from '#shared/schemas/conversation';
import type { Message } from '#shared/schemas/message';
import type { ServerEventHandlers } from '../../lib/socket';
import type { AppStore } from '../../lib/store';
import {
  conversationsAtom,
  emptyConversation,
  type ConversationState,
  type ConversationsState,
} from './atoms';

function update(
  state: ConversationsState,
  conversationId: string,
  change: (conversation: ConversationState) => ConversationState,
): ConversationsState {
  return { ...state, [conversationId]: change(state[conversationId] ?? emptyConversation) };
}

function hasMessage(conversation: ConversationState, messageId: string): boolean {
  return conversation.messages.some((m) => m.id === messageId);
}

/** Union by id (incoming wins), in chat order. */
function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const incomingIds = new Set(incoming.map((m) => m.id));
  return [...existing.filter((m) => !incomingIds.has(m.id)), ...incoming].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
}

/** A reply whose message is already stored is no longer streaming. */
function settle(conversation: ConversationState): ConversationState {
  const { reply } = conversation;
  return reply !== null && hasMessage(conversation, reply.messageId)
    ? { ...conversation, reply: null }
    : conversation;
}

/**
 * A reply that has just been asked for, unless it already streamed further, was stored, or failed
 * (a fast failure can overtake the acknowledgement).
 */
function awaitReply(conversation: ConversationState, replyId: string): ConversationState {
  if (conversation.failure?.messageId === replyId) return conversation;
  const isKnown = conversation.reply?.messageId === replyId || hasMessage(conversation, replyId);
  return {
    ...conversation,
    failure: null,
    reply: isKnown ? conversation.reply : { messageId: replyId, text: '', seq: 0 },
  };
}

// ---- server events -------------------------------------------------------------------------------

export function applyMessageCreated(
  state: ConversationsState,
  { conversationId, message }: ServerEventPayload<'message:created'>,
): ConversationsState {
  return update(state, conversationId, (c) =>
    settle({
      ...c,
      messages: mergeMessages(c.messages, [message]),
      failure: message.role === 'user' ? null : c.failure,
    }),
  );
}

export function applyGenerationStarted(
  state: ConversationsState,
  {
    conversationId,
    messageId,
    seq,
    isAutopilot,
    speakerId,
  }: ServerEventPayload<'generation:started'>,
): ConversationsState {
  return update(state, conversationId, (c) => {
    if (hasMessage(c, messageId) || c.autopilotDraft?.draftId === messageId) return c;
    const held = c.reply?.messageId === messageId ? c.reply : null;
    // An older run's start arriving late changes nothing.
    if (held !== null && held.seq > seq) return c;
    return {
      ...c,
      failure: null,
      reply: {
        messageId,
        seq,
        text: '',
        ...(isAutopilot === true || held?.isAutopilot === true ? { isAutopilot: true } : {}),
        ...(speakerId !== undefined ? { speakerId } : {}),
        ...(held?.continuesId !== undefined ? { continuesId: held.continuesId } : {}),
      },
    };
  });
}

export function applyGenerationDelta(
  state: ConversationsState,
  { conversationId, messageId, seq, text }: ServerEventPayload<'generation:delta'>,
): ConversationsState {
  return update(state, conversationId, (c) => {
    if (hasMessage(c, messageId)) return c;
    const held = c.reply?.messageId === messageId ? c.reply : null;
    if (held !== null && seq <= held.seq) return c;
    if ((held?.seq ?? 0) + 1 === seq) {
      return {
        ...c,
        failure: null,
        reply: {
          messageId,
          seq,
          text: (held?.text ?? '') + text,
          ...(held?.isAutopilot === true ? { isAutopilot: true } : {}),
          ...(held?.speakerId !== undefined ? { speakerId: held.speakerId } : {}),
          ...(held?.continuesId !== undefined ? { continuesId: held.continuesId } : {}),
        },
      };
    }
    // A gap. Before the join answers, the text so far is on its way and covers it.
    return c.isJoined ? { ...c, needsResync: true } : c;
  });
}

export function applyGenerationCompleted(
  state: ConversationsState,
  { conversationId, message, replyId }: ServerEventPayload<'generation:completed'>,
): ConversationsState {
  return update(state, conversationId, (c) =>
    settle({
      ...c,
      failure: null,
      messages: mergeMessages(c.messages, [message]),
      // A Continue's run ends in the message it continued, under another id.
      reply: replyId !== undefined && c.reply?.messageId === replyId ? null : c.reply,
    }),
  );
}

export function applyGenerationFailed(
  state: ConversationsState,
  { conversationId, messageId, error }: ServerEventPayload<'generation:failed'>,
): ConversationsState {
  return update(state, conversationId, (c) => {
    const isOwn = c.reply?.messageId === messageId;
    return {
      ...c,
      reply: isOwn ? null : c.reply,
      failure: {
        messageId,
        error,
        ...(isOwn && c.reply?.isAutopilot === true ? { isAutopilot: true } : {}),
        ...(isOwn && c.reply?.speakerId !== undefined ? { speakerId: c.reply.speakerId } : {}),
      },
    };
  });
}

/** An autopilot draft is written: it leaves the stream for the message box. */
export function applyAutopilotCompleted(
  state: ConversationsState,
  { conversationId, draftId, text, isStopped }: ServerEventPayload<'autopilot:completed'>,
): ConversationsState {
  return update(state, conversationId, (c) =>
    c.autopilotDraft?.draftId === draftId
      ? c
      : {
          ...c,
          failure: null,
          reply: c.reply?.messageId === draftId ? null : c.reply,
          autopilotDraft: { draftId, text, isStopped },
        },
  );
}

/** Server events → state, for `subscribeServerEvents`. */
export function chatEventHandlers(store: AppStore): ServerEventHandlers {
  return {
    'message:created': (payload) => {
      store.set(conversationsAtom, (s) => applyMessageCreated(s, payload));
    },
    'generation:started': (payload) => {
      store.set(conversationsAtom, (s) => applyGenerationStarted(s, payload));
    },
    'generation:delta': (payload) => {
      store.set(conversationsAtom, (s) => applyGenerationDelta(s, payload));
    },
    'generation:completed': (payload) => {
      store.set(conversationsAtom, (s) => applyGenerationCompleted(s, payload));
    },
    'generation:failed': (payload) => {
      store.set(conversationsAtom, (s) => applyGenerationFailed(s, payload));
    },
    'autopilot:completed': (payload) => {
      store.set(conversationsAtom, (s) => applyAutopilotCompleted(s, payload));
    },
  };
}

// ---- loads and acknowledgements --------------------------------------------------------------------

/** A (re)sync begins: deltas until the join answers may run ahead of what is held. */
export function applyJoinStarted(
  state: ConversationsState,
  conversationId: string,
): ConversationsState {
  return update(state, conversationId, (c) => ({
    ...c,
    isJoined: false,
    needsResync: false,
    loadError: null,
  }));
}

/**
 * The join answered with the reply in flight (text so far and its seq), or none, and the autopilot
 * draft the server keeps for the message box until it is sent or discarded (kept as held when absent).
 */
export function applyJoined(
  state: ConversationsState,
  conversationId: string,
  pending: PendingReply | null,
  draft?: AutopilotDraft | null,
): ConversationsState {
  return update(state, conversationId, (c) => {
    const held = draft === undefined ? c : { ...c, autopilotDraft: draft };
    if (pending === null || hasMessage(c, pending.messageId)) {
      return { ...held, isJoined: true, reply: null };
    }
    const isHeldNewer = c.reply?.messageId === pending.messageId && c.reply.seq >= pending.seq;
    return { ...held, isJoined: true, failure: null, reply: isHeldNewer ? c.reply : pending };
  });
}

/** The user discarded the autopilot draft in their message box. */
export function applyDraftDiscarded(
  state: ConversationsState,
  conversationId: string,
  draftId: string,
): ConversationsState {
  return update(state, conversationId, (c) =>
    c.autopilotDraft?.draftId === draftId ? { ...c, autopilotDraft: null } : c,
  );
}

/** A page of messages: the newest (`latest`, on open and resync) or the one before the oldest held. */
export function applyMessagesPage(
  state: ConversationsState,
  conversationId: string,
  page: { items: readonly Message[]; hasMore: boolean },
  which: 'latest' | 'older',
): ConversationsState {
  return update(state, conversationId, (c) => {
    const oldestIncoming = page.items[0]?.createdAt;
    const holdsOlder =
      oldestIncoming !== undefined && c.messages.some((m) => m.createdAt < oldestIncoming);
    return settle({
      ...c,
      isLoaded: true,
      messages: mergeMessages(c.messages, page.items),
      hasMore: which === 'latest' && holdsOlder ? c.hasMore : page.hasMore,
    });
  });
}

export function applyLoadFailed(
  state: ConversationsState,
  conversationId: string,
  error: AppErrorBody,
): ConversationsState {
  return update(state, conversationId, (c) => ({ ...c, loadError: error }));
}

/** `message:send` answered: the stored user message, and the reply now being written. */
export function applySent(
  state: ConversationsState,
  sent: { conversationId: string; message: Message; replyId: string },
): ConversationsState {
  // A draft that was waiting is spent with the user's turn (the server drops it too).
  return update(state, sent.conversationId, (c) =>
    awaitReply(
      { ...c, autopilotDraft: null, messages: mergeMessages(c.messages, [sent.message]) },
      sent.replyId,
    ),
  );
}

/** `generation:autopilot` answered: a draft of the user's next turn is being written. */
export function applyAutopilotAsked(
  state: ConversationsState,
  conversationId: string,
  draftId: string,
): ConversationsState {
  return update(state, conversationId, (c) => {
    if (c.failure?.messageId === draftId || c.autopilotDraft?.draftId === draftId) return c;
    const held = c.reply?.messageId === draftId ? c.reply : null;
    return {
      ...c,
      failure: null,
      reply: { ...(held ?? { messageId: draftId, text: '', seq: 0 }), isAutopilot: true },
    };
  });
}

/** `generation:retry` answered: a new reply to the last user message is being written. */
export function applyRetried(
  state: ConversationsState,
  conversationId: string,
  replyId: string,
): ConversationsState {
  return update(state, conversationId, (c) => awaitReply(c, replyId));
}

// ---- message operations (edit, rate, regenerate, adopt, remove) -----------------------------------

/** A message changed on the server (edited, rated): the held copy is replaced. */
export function applyMessageChanged(
  state: ConversationsState,
  message: Message,
): ConversationsState {
  return update(state, message.conversationId, (c) => ({
    ...c,
    messages: c.messages.map((m) => (m.id === message.id ? message : m)),
  }));
}

/** `generation:regenerate` answered: the replaced reply leaves the branch and a new one is written. */
export function applyRegenerated(
  state: ConversationsState,
  conversationId: string,
  regenerated: { replyId: string; replacedId: string },
): ConversationsState {
  return update(state, conversationId, (c) =>
    awaitReply(
      { ...c, messages: c.messages.filter((m) => m.id !== regenerated.replacedId) },
      regenerated.replyId,
    ),
  );
}

/** `generation:continue` answered: the last reply goes on, its new text streaming into it. */
export function applyContinued(
  state: ConversationsState,
  conversationId: string,
  continued: { replyId: string; continuedId: string },
): ConversationsState {
  return update(state, conversationId, (c) => {
    const awaiting = awaitReply(c, continued.replyId);
    return awaiting.reply?.messageId === continued.replyId
      ? { ...awaiting, reply: { ...awaiting.reply, continuesId: continued.continuedId } }
      : awaiting;
  });
}

/** An alternative was adopted: it takes the place of the reply it replaced. */
export function applyAdopted(
  state: ConversationsState,
  replacedId: string,
  adopted: Message,
): ConversationsState {
  return update(state, adopted.conversationId, (c) => ({
    ...c,
    messages: mergeMessages(
      c.messages.filter((m) => m.id !== replacedId),
      [adopted],
    ),
  }));
}

/** Messages were removed from `messageId` on: it and every later message leave the held list. */
export function applyRemovedFrom(
  state: ConversationsState,
  conversationId: string,
  messageId: string,
): ConversationsState {
  return update(state, conversationId, (c) => {
    const at = c.messages.findIndex((m) => m.id === messageId);
    return at === -1 ? c : { ...c, messages: c.messages.slice(0, at) };
  });
}
