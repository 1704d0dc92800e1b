/** The chat screen's calls: REST reads from the shared contracts and socket commands with acknowledgements. */
import { getLatestConversation, listMessages } from '#shared/api/conversations';
import type { ApiClient } from '../../lib/api-client';
import { sendCommand, type ChatSocket } from '../../lib/socket';

/** Messages per page when opening a chat and when loading earlier ones. */
const messagePageSize = 30;

export function fetchLatestConversation(api: ApiClient, characterId: string, signal: AbortSignal) {
  return api.request(getLatestConversation, { params: { id: characterId }, signal });
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

export function sendMessage(
  socket: ChatSocket,
  payload: {
    characterId: string;
    conversationId: string | null;
    content: string;
    personaId?: string | null;
  },
) {
  return sendCommand(socket, 'message:send', payload);
}

export function retryGeneration(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'generation:retry', { conversationId });
}

export function stopGeneration(socket: ChatSocket, conversationId: string) {
  return sendCommand(socket, 'generation:stop', { conversationId });
}
