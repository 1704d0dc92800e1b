/** The generation calls, built on the shared generation contracts. */
import {
  getConversationContext,
  getGenerationSettings,
  getReplyPrompt,
  updateGenerationSettings,
} from '#shared/api/generation';
import type { InferenceSettingsInput } from '#shared/rules/generation';
import type { ApiClient } from '../../lib/api-client';

export function loadGenerationSettings(api: ApiClient, signal: AbortSignal) {
  return api.request(getGenerationSettings, { signal });
}

export function saveGenerationSettings(api: ApiClient, settings: InferenceSettingsInput) {
  return api.request(updateGenerationSettings, { body: settings });
}

export function loadConversationContext(
  api: ApiClient,
  conversationId: string,
  signal: AbortSignal,
) {
  return api.request(getConversationContext, { params: { id: conversationId }, signal });
}

export function loadReplyPrompt(api: ApiClient, messageId: string, signal: AbortSignal) {
  return api.request(getReplyPrompt, { params: { id: messageId }, signal });
}
