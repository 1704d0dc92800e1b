/**
 * Persona rules of the spec (product-rules.md §5 "Persona", §9 "Personas"): the fields' lengths and
 * messages, and how the user's name in a chat is chosen. The limit by tier is `personaLimits` in
 * permissions.ts. Shared by the editor and the server.
 */
import { z } from 'zod';
import { hasHiddenCharacters } from './display-name';

export const personaFieldLimits = {
  name: { min: 3, max: 20 },
  highlights: { min: 3, max: 1000 },
} as const;

export const PersonaNameSchema = z
  .string()
  .trim()
  .min(1, "Name can't be empty")
  .min(personaFieldLimits.name.min, 'Name should at least have a length of 3')
  .max(
    personaFieldLimits.name.max,
    `Name should be ${personaFieldLimits.name.max} characters or less`,
  )
  .refine((v) => !hasHiddenCharacters(v), {
    message: 'Name cannot contain invisible or text-direction characters',
  });

export const PersonaHighlightsSchema = z
  .string()
  .trim()
  .min(1, "Highlights can't be empty")
  .min(personaFieldLimits.highlights.min, 'Highlights should at least have a length of 3')
  .max(
    personaFieldLimits.highlights.max,
    `Highlights should be ${personaFieldLimits.highlights.max} characters or less`,
  );

/** An avatar uploaded here (POST /api/uploads/persona-avatar answers such a URL), never a foreign one. */
export const PersonaAvatarUrlSchema = z
  .string({ error: 'Avatar is required' })
  .min(1, 'Avatar is required')
  .max(500, 'Avatar is required')
  .regex(/^\/uploads\/[a-z0-9-]+\/[A-Za-z0-9-]+\.webp$/, 'Avatar is required');

/**
 * The name the user goes by in a chat's prompts and greeting (issue 11, 14): the conversation's
 * persona's name, else the member's display name, else `fallback` ("User", macros.ts).
 */
export function chatUserName(
  personaName: string | null | undefined,
  displayName: string | null | undefined,
  fallback: string,
): string {
  if (personaName != null && personaName.trim() !== '') return personaName;
  if (displayName != null && displayName.trim() !== '') return displayName;
  return fallback;
}

/** Items whose name starts with the search text (case-insensitive), in their order. */
export function filterByNamePrefix<T extends { name: string }>(
  items: readonly T[],
  search: string,
): T[] {
  const prefix = search.trim().toLowerCase();
  return prefix === '' ? [...items] : items.filter((p) => p.name.toLowerCase().startsWith(prefix));
}
