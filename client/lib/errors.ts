/**
 * Error codes → the texts people see (docs/style.md, "One error model"). The client branches on
 * `code` only; a code without its own text falls back to the server's message.
 */
import type { AppErrorBody, ErrorCode } from '#shared/errors';

const errorTexts: Partial<Record<ErrorCode, string>> = {
  conversation_busy: 'A reply is still being written in this chat.',
  nothing_to_retry: 'There is no message waiting for a reply.',
  model_unavailable: 'The model is not available right now. Please try again in a moment.',
  model_timeout: 'The model took too long to answer. Please try again.',
  generation_failed: 'The model could not write a reply. Please try again.',
  rate_limited: 'You are sending messages too quickly. Please wait a moment and try again.',
  character_not_found: 'This chatbot does not exist or is unavailable.',
  conversation_not_found: 'This conversation does not exist.',
  service_unavailable: 'The service is not available right now. Please try again soon.',
  internal: 'Something went wrong on our side. Please try again.',
  login_code_invalid: 'This code is not valid or has expired. Check it or send a new one.',
  login_link_invalid: 'This sign-in link is not valid or has expired.',
  sign_in_required: 'Please sign in to continue.',
  oauth_failed: 'Signing in with that provider did not work. Please try again.',
  username_taken: 'Username is not available',
  email_taken: 'This email belongs to another account.',
  guest_message_limit:
    'Guests can send a limited number of messages. Sign up free to keep chatting.',
  account_terminated: 'This account has been terminated.',
  account_on_hold: 'This account is on a temporary hold.',
  account_restricted:
    'Uploading and editing chatbots is disabled for this account; chat still works.',
};

/** The text to show for an error from a REST call, a socket acknowledgement or a failed generation. */
export function errorText(error: Pick<AppErrorBody, 'code' | 'message'>): string {
  return errorTexts[error.code] ?? error.message;
}

/** Codes that mean the thing asked for does not exist (or the id is not even well-formed). */
export function isNotFound(error: Pick<AppErrorBody, 'code'>): boolean {
  return (
    error.code === 'not_found' ||
    error.code === 'character_not_found' ||
    error.code === 'conversation_not_found' ||
    error.code === 'page_not_found' ||
    error.code === 'validation_failed'
  );
}
