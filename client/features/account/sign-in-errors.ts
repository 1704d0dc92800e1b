/**
 * Sign-in errors as the modal shows them: the spec's field texts (product-rules.md §5, Email) come from
 * the shared schemas, a rate limit names the wait, and other codes use the app's error texts.
 */
import type { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/errors';

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function signInErrorText(error: ApiError): string {
  if (error.code === 'rate_limited') {
    const wait = error.details?.retryAfterSeconds;
    return typeof wait === 'number' && wait > 0
      ? `Too many attempts. Please try again in ${waitText(Math.ceil(wait))}.`
      : 'Too many attempts. Please wait a while and try again.';
  }
  if (error.code === 'validation_failed') {
    // The server names the field ("email: Please enter a valid email address"); show the text only.
    const prefix = `${error.field ?? ''}: `;
    return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  }
  return errorText(error);
}
