/** Username rules and messages of the spec (product-rules.md, "Username"). */
import { z } from 'zod';

export const usernameMin = 3;
export const usernameMax = 20;

/**
 * Names nobody may take, because they would pass for the product or its staff (issue 7 §14). Checked
 * after lowercasing, by the client as people type and by the server through the same schema.
 */
export const reservedUsernames: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'admins',
  'charchat',
  'help',
  'helpdesk',
  'mod',
  'moderator',
  'moderators',
  'mods',
  'official',
  'owner',
  'root',
  'security',
  'staff',
  'support',
  'system',
  'team',
]);

/** The message for a name already taken or reserved (product-rules.md §5). */
export const usernameUnavailableText = 'Username not available';

/** Whether `username` (as typed; trimmed and lowercased here) is reserved. */
export function isReservedUsername(username: string): boolean {
  return reservedUsernames.has(username.trim().toLowerCase());
}

/** A username as typed: trimmed and lowercased, 3 to 20 letters, digits, _ and -, not reserved. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .min(usernameMin, 'Username is too short')
  .max(usernameMax, `Username should be ${usernameMax} characters or less`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, digits, _ and -')
  .transform((u) => u.toLowerCase())
  .refine((u) => !reservedUsernames.has(u), usernameUnavailableText);

/** Partner sign-up asks one character more of the username and the name (product-rules.md §5). */
export const partnerSignupMin = 4;

/** A username on partner sign-up: the usual rules, at least 4 characters. */
export const PartnerUsernameSchema = UsernameSchema.refine(
  (u) => u.length >= partnerSignupMin,
  'Username is too short',
);

/** Milliseconds the client waits after typing before it asks whether a username is free. */
export const usernameCheckDelayMs = 500;
