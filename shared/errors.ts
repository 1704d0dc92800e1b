/**
 * The one error model (docs/architecture.md, "Errors"): a stable machine code, its HTTP status, and a
 * body shape shared by REST responses, socket acknowledgements and generation failures.
 * Never rename a shipped code or reuse it for a new meaning; add a new one.
 */
import { z } from 'zod';

/** Every error code the product can return, with the HTTP status it travels with. */
export const errorStatus = {
  validation_failed: 400,
  group_private_members: 400,
  guest_id_invalid: 400,
  login_code_invalid: 400,
  login_link_invalid: 400,
  oauth_failed: 400,
  sign_in_required: 401,
  forbidden: 403,
  account_terminated: 403,
  account_on_hold: 403,
  account_restricted: 403,
  character_not_owner: 403,
  lorebook_not_owner: 403,
  age_verification_required: 403,
  sign_up_required: 403,
  nsfw_disabled: 403,
  definition_hidden: 403,
  model_forbidden: 403,
  generation_settings_forbidden: 403,
  memory_manager_forbidden: 403,
  group_premium_required: 403,
  not_found: 404,
  character_not_found: 404,
  conversation_not_found: 404,
  user_not_found: 404,
  restriction_not_found: 404,
  page_not_found: 404,
  report_not_found: 404,
  model_not_found: 404,
  message_not_found: 404,
  persona_not_found: 404,
  memory_not_found: 404,
  lorebook_not_found: 404,
  lorebook_entry_not_found: 404,
  request_timeout: 408,
  conversation_busy: 409,
  username_taken: 409,
  character_favorite_limit: 409,
  own_character: 409,
  creator_block_self: 409,
  email_taken: 409,
  nothing_to_retry: 409,
  nothing_to_regenerate: 409,
  nothing_to_autopilot: 409,
  message_rating_locked: 409,
  message_not_rateable: 409,
  character_under_review: 409,
  character_in_manual_review: 409,
  character_visibility_locked: 409,
  persona_limit: 409,
  persona_default_delete: 409,
  memory_limit: 409,
  lorebook_last_entry: 409,
  lorebook_entry_limit: 409,
  lorebook_attach_private: 409,
  lorebook_attach_limit: 409,
  group_unavailable: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  card_invalid: 422,
  lorebook_import_invalid: 422,
  rate_limited: 429,
  guest_message_limit: 429,
  waiting_room: 429,
  headers_too_large: 431,
  internal: 500,
  generation_failed: 502,
  own_key_rejected: 502,
  own_key_rate_limited: 502,
  model_unavailable: 503,
  service_unavailable: 503,
  model_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const ErrorCodeSchema = z.enum(
  Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]], // eslint-disable-line @typescript-eslint/consistent-type-assertions -- Object.keys loses the literal types
);

/** The error payload: `message` is for people, `code` is what clients branch on. */
export const AppErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  field: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AppErrorBody = z.infer<typeof AppErrorSchema>;

/** The body of every failed REST response. */
export const ErrorBodySchema = z.object({ error: AppErrorSchema });

/** Generic human messages per code; the client maps codes to the spec's texts itself. */
export const defaultErrorMessage: Record<ErrorCode, string> = {
  validation_failed: 'Some input is not valid.',
  group_private_members: 'Public or unlisted groups cannot contain private chatbots.',
  group_unavailable: 'Group unavailable',
  group_premium_required: 'Auto Response and Next are premium features. Upgrade to use them.',
  guest_id_invalid: 'The guest id is not valid.',
  login_code_invalid: 'This code is not valid or has expired. Request a new one.',
  login_link_invalid: 'This sign-in link is not valid or has expired.',
  oauth_failed: 'Signing in with that provider did not work. Please try again.',
  sign_in_required: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  account_terminated: 'This account has been terminated.',
  account_on_hold: 'This account is on a temporary hold.',
  account_restricted:
    'Uploading and editing chatbots is disabled for this account; chat still works.',
  age_verification_required: 'Verify your age to see NSFW content.',
  sign_up_required: 'Sign up free to chat with this chatbot.',
  nsfw_disabled: 'Turn on NSFW in your profile settings to chat with this chatbot.',
  definition_hidden:
    "The creator keeps this chatbot's definition hidden, so it cannot be exported.",
  not_found: 'Not found.',
  character_not_found: 'This chatbot does not exist or is unavailable.',
  character_not_owner: 'You are not allowed to access this page',
  character_under_review:
    'This chatbot is under review and cannot be edited until the review ends.',
  character_in_manual_review:
    'This chatbot is waiting for a moderator, so chat is closed until the review ends.',
  character_visibility_locked: 'The visibility of this chatbot cannot be changed.',
  conversation_not_found: 'This conversation does not exist.',
  user_not_found: 'This user does not exist.',
  restriction_not_found: 'This restriction does not exist.',
  page_not_found: 'This page does not exist.',
  report_not_found: 'This report does not exist.',
  model_not_found: 'This model does not exist.',
  model_forbidden: 'Your plan does not include this model.',
  generation_settings_forbidden: 'Generation settings come with the Basic and Premium plans.',
  message_not_found: 'This message does not exist.',
  persona_not_found: 'This persona does not exist.',
  memory_not_found: 'This memory does not exist.',
  memory_manager_forbidden:
    'The Memory Manager comes with the True Supporter and I’m All In plans.',
  memory_limit: 'This chat holds as many memories as it can. Delete some to add more.',
  lorebook_not_found: 'Not Found',
  lorebook_entry_not_found: 'This lorebook entry does not exist.',
  lorebook_not_owner: 'Only the creator of this lorebook can change it.',
  lorebook_last_entry: 'A lorebook needs at least one entry.',
  lorebook_entry_limit: 'A lorebook holds at most 100 entries.',
  lorebook_attach_private: 'Lorebooks can only be attached to private chatbots.',
  lorebook_attach_limit: 'This chatbot carries as many lorebooks as it can.',
  lorebook_import_invalid: 'Invalid JSON file. Please upload a valid lorebook export.',
  persona_limit: "You've reached the maximum allowance of personas in your tier.",
  persona_default_delete:
    'You cannot delete the default persona, please set another persona as the default or create a new one first.',
  request_timeout: 'The request took too long to arrive.',
  conversation_busy: 'A reply is still being written in this chat.',
  username_taken: 'Username is not available',
  character_favorite_limit:
    'You have reached the maximum number of favorite chatbots. Remove some favorites to add more.',
  own_character: 'You cannot do this with your own chatbot.',
  creator_block_self: 'You cannot block yourself.',
  email_taken: 'This email belongs to another account.',
  nothing_to_retry: 'There is no message waiting for a reply.',
  nothing_to_regenerate: 'There is no reply to regenerate.',
  nothing_to_autopilot: 'Autopilot writes your answer to the last reply; wait for it first.',
  message_rating_locked: 'This message has already been rated.',
  message_not_rateable: 'Only replies of the chatbot can be rated.',
  payload_too_large: 'The request body is too large.',
  uri_too_long: 'The address is too long.',
  unsupported_media_type: 'This kind of request body is not accepted here.',
  card_invalid: 'This file cannot be imported as a character card.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  guest_message_limit:
    'Guests can send a limited number of messages. Sign up free to keep chatting.',
  waiting_room: 'The chat is busy: wait for your turn in line, or upgrade to skip the line.',
  headers_too_large: 'The request headers are too large.',
  internal: 'Something went wrong on our side.',
  generation_failed: 'The model failed to write a reply.',
  own_key_rejected:
    'Your OpenAI key was refused. Check the key in your profile, or switch OpenAI mode to hybrid or disabled.',
  own_key_rate_limited:
    'Your OpenAI account is out of quota or rate-limited. Try again later, or switch OpenAI mode to hybrid.',
  model_unavailable: 'The model is not available right now.',
  service_unavailable: 'A service the product needs is not available.',
  model_timeout: 'The model took too long to answer.',
};
