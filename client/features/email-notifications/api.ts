/** Email notification calls, built on the shared contracts (issue 25 item 6). */
import {
  getEmailNotifications,
  readUnsubscribeLink,
  unsubscribe,
  updateEmailNotifications,
  type EmailNotificationSettings,
  type UnsubscribeLink,
} from '#shared/api/email-notifications';
import type { ApiClient } from '../../lib/api-client';

export function loadEmailNotifications(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<EmailNotificationSettings> {
  return api.request(getEmailNotifications, { signal });
}

export function saveEmailNotifications(
  api: ApiClient,
  changes: { missedReply: boolean },
): Promise<EmailNotificationSettings> {
  return api.request(updateEmailNotifications, { body: changes });
}

export function readLink(
  api: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<UnsubscribeLink> {
  return api.request(readUnsubscribeLink, { query: { token }, signal });
}

export function unsubscribeByLink(api: ApiClient, token: string): Promise<UnsubscribeLink> {
  return api.request(unsubscribe, { query: { token } });
}
