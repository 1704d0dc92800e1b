/** Display name rules of the spec (sign-up and profile), shared by the client's forms and the server. */
import { z } from 'zod';

export const displayNameMin = 3;
export const displayNameMax = 20;

/**
 * Characters a reader cannot see that change how a name or the text around it reads: bidi embeddings
 * and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which can reverse a name or the line it
 * is shown in; and zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and the invisible direction
 * marks (U+200E, U+200F, U+061C), which make two different names look the same.
 */
const hiddenCharacter = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/;

/** Whether text holds a character of `hiddenCharacter`. */
export function hasHiddenCharacters(text: string): boolean {
  return hiddenCharacter.test(text);
}

/** A display name as typed: trimmed, 3 to 20 characters, nothing invisible. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .min(displayNameMin, 'At least 3 characters required')
  .max(displayNameMax, `Name should be ${displayNameMax} characters or less`)
  .refine((name) => !hasHiddenCharacters(name), {
    message: 'Name cannot contain invisible or text-direction characters',
  });

/** A name on partner sign-up (product-rules.md §5: name min 4). */
export const PartnerDisplayNameSchema = DisplayNameSchema.refine(
  (name) => name.length >= 4,
  'At least 4 characters required',
);

/**
 * A display name from elsewhere (a partner's token, a sign-in provider's profile), made to fit the
 * rules rather than refused: control and invisible characters go, it is trimmed and cut to the longest
 * name; null when fewer than the shortest name's characters are left.
 */
export function displayNameFrom(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const visible = text
    .replace(/\p{Cc}|\p{Cs}/gu, '')
    .replace(new RegExp(hiddenCharacter.source, 'g'), '')
    .trim();
  const name = Array.from(visible).slice(0, displayNameMax).join('').trim();
  return Array.from(name).length >= displayNameMin ? name : null;
}
