/** The chat screen's calls: REST reads from the shared contracts and socket commands with acknowledgements. */
import { getGreetings } from '#shared/api/characters';
import { getLatestConversation, listMessages } from '#shared/api/conversations';
import {
  adoptAlternative,
  editMessage,
  listAlternatives,
  rateMessage,
  removeMessages,
  reportMessage,
} from '#shared/api/messages';
import type { CommandPayload } from '#shared/realtime/events';
import type { MessageRating, MessageReportInput } from '#shared/rules/message-feedback';
import type { ApiClient } from '../../lib/api-client';
import { sendCommand, type ChatSocket } from '../../lib/socket';

/** A message of a conversation, as the message operations address it. */
export interface MessageRef {
  conversationId: string;
  messageId: string;
}

const paramsOf = (ref: MessageRef) => ({ id: ref.conversationId, messageId: ref.messageId });

/** Messages per page when opening a chat and when loading earlier ones. */
const messagePageSize = 30;

export function fetchLatestConversation(api: ApiClient, characterId: string, signal: AbortSignal) {
  return api.request(getLatestConversation, { params: { id: characterId }, signal });
}

/** The greetings a new chat opens with, the character's own first (macros unfilled). */
export function fetchGreetings(api: ApiClient, characterId: string, signal: AbortSignal) {
  return api.request(getGreetings, { params: { id: characterId }, signal });
}

export function fetchMessagesPage(api: ApiClient, conversationId: string, before?: string) {
  return api.request(listMessages, {
    params: { id: conversationId },
    query: { limit: messagePageSize, before },
  });
}

export function joinConversation(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'conversation:join', { conversationId });
}

export function leaveConversation(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'conversation:leave', { conversationId });
}

/** How the user asks a group chat to answer: the group chooses, one picked member, or everyone in turn. */
export type GroupTurn = CommandPayload<'message:send'>['turn'];

/** Group chats (premium): another member answers the last message. */
export function nextGroupSpeaker(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'group:next', { conversationId });
}

export function sendMessage(
  socket: ChatSocket,
  payload: {
    characterId: string;
    conversationId: string | null;
    content: string;
    personaId?: string | null;
    /** A group chat only: who answers. */
    turn?: GroupTurn;
    /** A new conversation only: the greeting shown, among those fetchGreetings answers. */
    greetingIndex?: number;
  },
) {
  return sendCommand(socket, 'message:send', payload);
}

/** Asks again for the reply that failed; in a group chat from the member whose reply it was. */
export function retryGeneration(socket: ChatSocket, conversationId: string, speakerId?: string) {
  return sendCommand(socket, 'generation:retry', {
    conversationId,
    ...(speakerId === undefined ? {} : { speakerId }),
  });
}

export function stopGeneration(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'generation:stop', { conversationId });
}

/** Asks the model to write the user's next turn (as their persona), guided by an optional intent. */
export function startAutopilot(socket: ChatSocket, conversationId: string, intent: string) {
  return sendCommand(socket, 'generation:autopilot', { conversationId, intent });
}

/** Throws away the autopilot draft waiting in the message box (Discard). */
export function discardAutopilotDraft(socket: ChatSocket, conversationId: string, draftId: string) {
  return sendCommand(socket, 'autopilot:discard', { conversationId, draftId });
}

export function regenerateReply(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'generation:regenerate', { conversationId });
}

export function continueReply(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'generation:continue', { conversationId });
}

export function fetchAlternatives(api: ApiClient, ref: MessageRef) {
  return api.request(listAlternatives, { params: paramsOf(ref) });
}

export function adoptMessage(api: ApiClient, ref: MessageRef) {
  return api.request(adoptAlternative, { params: paramsOf(ref) });
}

export function saveMessageEdit(api: ApiClient, ref: MessageRef, content: string) {
  return api.request(editMessage, { params: paramsOf(ref), body: { content } });
}

export function removeMessagesFrom(api: ApiClient, ref: MessageRef) {
  return api.request(removeMessages, { params: paramsOf(ref) });
}

export function sendRating(api: ApiClient, ref: MessageRef, rating: MessageRating) {
  return api.request(rateMessage, { params: paramsOf(ref), body: rating });
}

export function sendMessageReport(api: ApiClient, ref: MessageRef, report: MessageReportInput) {
  return api.request(reportMessage, { params: paramsOf(ref), body: report });
}
