/**
 * Persona management (product-rules.md "/personas", §5, §8, §9) and the persona choice before a chat:
 * list (default first), create within the tier's limit, update, delete (never the default; its chats
 * move to the default), make default, the picker's "Don't show this again", and a chat's persona.
 */
import { z } from 'zod';
import {
  PersonaAvatarUrlSchema,
  PersonaHighlightsSchema,
  PersonaNameSchema,
} from '../rules/persona';
import { PersonaSchema } from '../schemas/persona';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

export const PersonaInputSchema = z.object({
  avatarUrl: PersonaAvatarUrlSchema,
  name: PersonaNameSchema,
  highlights: PersonaHighlightsSchema,
});
export type PersonaInput = z.infer<typeof PersonaInputSchema>;

export const PersonaListSchema = z.object({
  /** The member's personas, the default first, then oldest first. */
  items: z.array(PersonaSchema),
  /** How many personas the member's tier allows (free 3, minimal 10, basic 50, premium 100). */
  limit: z.number().int(),
  /** Whether the persona choice is shown before a new chat (false after "Don't show this again"). */
  isChoiceShown: z.boolean(),
});
export type PersonaList = z.infer<typeof PersonaListSchema>;

export const listPersonas = endpoint({
  method: 'GET',
  path: '/api/personas',
  auth: 'member',
  summary: "List the caller's personas, the default first",
  response: PersonaListSchema,
});

export const getPersona = endpoint({
  method: 'GET',
  path: '/api/personas/:id',
  auth: 'member',
  summary: 'Get one of your personas, for editing',
  params: IdParamsSchema,
  response: PersonaSchema,
});

/** The first persona is the default whatever `isDefault` says; past the tier's limit: persona_limit. */
export const createPersona = endpoint({
  method: 'POST',
  path: '/api/personas',
  auth: 'member',
  summary: 'Create a persona within your tier’s limit',
  body: PersonaInputSchema.extend({ isDefault: z.boolean() }),
  response: PersonaSchema,
});

export const updatePersona = endpoint({
  method: 'PUT',
  path: '/api/personas/:id',
  auth: 'member',
  summary: 'Update a persona’s avatar, name and highlights',
  params: IdParamsSchema,
  body: PersonaInputSchema,
  response: PersonaSchema,
});

/** The default persona cannot be deleted (persona_default_delete); others' chats move to the default. */
export const deletePersona = endpoint({
  method: 'DELETE',
  path: '/api/personas/:id',
  auth: 'member',
  summary: 'Delete a persona; its chats move to the default persona',
  params: IdParamsSchema,
  response: z.object({ id: z.uuid() }),
});

export const makeDefaultPersona = endpoint({
  method: 'POST',
  path: '/api/personas/:id/default',
  auth: 'member',
  summary: 'Make a persona the default',
  params: IdParamsSchema,
  response: PersonaSchema,
});

/** "Don't show this again" (and its undoing) for the persona choice before a chat. */
export const setPersonaChoiceShown = endpoint({
  method: 'PUT',
  path: '/api/personas/choice',
  auth: 'member',
  summary: 'Show or hide the persona choice before a new chat',
  body: z.object({ isChoiceShown: z.boolean() }),
  response: z.object({ isChoiceShown: z.boolean() }),
});

/** Uploads a persona avatar as multipart form data (field `avatar`); the URL goes in the save. */
export const uploadPersonaAvatar = endpoint({
  method: 'POST',
  path: '/api/uploads/persona-avatar',
  auth: 'member',
  summary: 'Upload a persona avatar image (multipart field avatar)',
  response: z.object({ avatarUrl: z.string() }),
});

/**
 * Switches the persona the caller chats as in one of their conversations. Earlier messages and
 * memories keep the names they were written with.
 */
export const setConversationPersona = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/persona',
  auth: 'member',
  summary: 'Change the persona of a conversation',
  params: IdParamsSchema,
  body: z.object({ personaId: z.uuid() }),
  response: z.object({ userPersonaId: z.uuid() }),
});
