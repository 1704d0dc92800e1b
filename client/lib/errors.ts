/**
 * Error codes → the texts people see (docs/style.md, "One error model"). The client branches on
 * `code` only. The words are shared/errors.ts's, which the server sends as `message`; the client words
 * a code itself only where it adds what to do next.
 */
import { defaultErrorMessage, type AppErrorBody, type ErrorCode } from '#shared/errors';
import { characterLimits } from '#shared/rules/character';

/** Codes the client words differently from the server's default message. */
const clientTexts: Partial<Record<ErrorCode, string>> = {
  model_unavailable: 'The model is not available right now. Please try again in a moment.',
  model_timeout: 'The model took too long to answer. Please try again.',
  generation_failed: 'The model could not write a reply. Please try again.',
  rate_limited: 'You are sending messages too quickly. Please wait a moment and try again.',
  service_unavailable: 'The service is not available right now. Please try again soon.',
  internal: 'Something went wrong on our side. Please try again.',
  login_code_invalid: 'This code is not valid or has expired. Check it or send a new one.',
  character_favorite_limit: `You can keep up to ${characterLimits.favorites} favorite chatbots. Remove one to add another.`,
};

/**
 * The text to show for an error from a REST call, a socket acknowledgement or a failed generation; an
 * error the client raised itself may leave `message` out and get the shared default.
 */
export function errorText(error: Pick<AppErrorBody, 'code'> & { message?: string }): string {
  return clientTexts[error.code] ?? error.message ?? defaultErrorMessage[error.code];
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * An error as a form shows it under its field: a rate limit names the wait, a validation failure is the
 * rule's own text (the spec's wording), other codes use errorText.
 */
export function formErrorText(error: Pick<AppErrorBody, 'code' | 'message' | 'details'>): string {
  if (error.code === 'rate_limited') {
    const wait = error.details?.retryAfterSeconds;
    return typeof wait === 'number' && wait > 0
      ? `Too many attempts. Please try again in ${waitText(Math.ceil(wait))}.`
      : 'Too many attempts. Please wait a while and try again.';
  }
  if (error.code === 'validation_failed') return error.message;
  return errorText(error);
}

/** A refusal as a form's errors: under the field it names when the form has that field, else the form's. */
export function formErrorsOf<F extends string>(
  error: Pick<AppErrorBody, 'code' | 'message' | 'details' | 'field'>,
  isField: (field: string | undefined) => field is F,
): Partial<Record<F | 'form', string>> {
  const errors: Partial<Record<F | 'form', string>> = {};
  errors[isField(error.field) ? error.field : 'form'] = formErrorText(error);
  return errors;
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

/**
 * Codes that mean the member may not create, edit or delete chatbots (a limited-access account, or a
 * missing permission): the spec's Restricted! dialog answers them, not an inline error.
 */
export function isRestrictedError(error: Pick<AppErrorBody, 'code'>): boolean {
  return error.code === 'account_restricted' || error.code === 'forbidden';
}
