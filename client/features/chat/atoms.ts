/**
 * Chat state: every conversation this tab has open, keyed by id. REST loads, command acknowledgements
 * and server events all change it through `events.ts`, so each path ends in the same state.
 */
import { atom } from 'jotai';
import type { AppErrorBody } from '#shared/errors';
import type { PendingReply } from '#shared/schemas/conversation';
import type { Message } from '#shared/schemas/message';

/** A reply being written: its id (the stored message will carry it), text so far, last applied seq. */
/** A reply in flight; a Continue's names the message its text is appended to. */
export type StreamingReply = PendingReply & { continuesId?: string };

export interface GenerationFailure {
  messageId: string;
  error: AppErrorBody;
  /** An autopilot draft failed: nothing waits for a Retry, the user writes or asks again. */
  isAutopilot?: boolean;
  /** In a group chat, the member whose reply failed: Retry asks the same member again. */
  speakerId?: string;
}

/** An autopilot draft written for the message box: the user edits and sends it, or discards it. */
export interface AutopilotDraft {
  draftId: string;
  text: string;
  isStopped: boolean;
}

export interface ConversationState {
  /** The loaded messages of the conversation, in chat order. */
  messages: readonly Message[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  /** The newest page has been merged from REST at least once. */
  isLoaded: boolean;
  /** `conversation:join` has answered since the last (re)sync; before that, out-of-order deltas are expected. */
  isJoined: boolean;
  reply: StreamingReply | null;
  failure: GenerationFailure | null;
  /** The latest autopilot draft that arrived, for the message box to take in once. */
  autopilotDraft: AutopilotDraft | null;
  /** A delta skipped a seq; the screen re-joins and refetches. */
  needsResync: boolean;
  loadError: AppErrorBody | null;
}

export type ConversationsState = Readonly<Record<string, ConversationState>>;

export const emptyConversation: ConversationState = {
  messages: [],
  hasMore: false,
  isLoaded: false,
  isJoined: false,
  reply: null,
  failure: null,
  autopilotDraft: null,
  needsResync: false,
  loadError: null,
};

export const conversationsAtom = atom<ConversationsState>({});

export interface ConversationView extends ConversationState {
  /** A reply (or autopilot draft) is in flight: sending is disabled and Stop is offered. */
  isGenerating: boolean;
  /** The text in flight is an autopilot draft for the message box, not a reply. */
  isAutopilotWriting: boolean;
  /** The last message is the user's and no reply is coming: offer Retry (the message is never lost). */
  isAwaitingRetry: boolean;
}

/** The derived view of one conversation (an empty one for a conversation not started yet). */
export function conversationViewAtom(conversationId: string | null) {
  return atom((get): ConversationView => {
    const state =
      (conversationId === null ? undefined : get(conversationsAtom)[conversationId]) ??
      emptyConversation;
    const last = state.messages[state.messages.length - 1];
    return {
      ...state,
      isGenerating: state.reply !== null,
      isAutopilotWriting: state.reply?.isAutopilot === true,
      isAwaitingRetry:
        state.reply === null &&
        ((state.failure !== null && state.failure.isAutopilot !== true) ||
          (state.isLoaded && last?.role === 'user')),
    };
  });
}
