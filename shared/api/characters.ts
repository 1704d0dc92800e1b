import { z } from 'zod';
import { CharacterSchema } from '../schemas/character';
import { GroupFieldsSchema } from '../schemas/group';
import { endpoint } from './endpoint';

export const IdParamsSchema = z.object({ id: z.uuid() });

export const getCharacter = endpoint({
  method: 'GET',
  path: '/api/characters/:id',
  auth: 'caller',
  summary: 'Get one character (its chatbot profile)',
  params: IdParamsSchema,
  response: CharacterSchema,
});

/**
 * The greetings a new chat opens with, the character's own first: then an imported card's alternate
 * greetings, or for a group chat its greeter's group-only greetings. Macros are left for the client.
 */
export const getGreetings = endpoint({
  method: 'GET',
  path: '/api/characters/:id/greetings',
  auth: 'caller',
  summary: "Get the greetings a new chat starts with: the character's own, then the alternatives",
  params: IdParamsSchema,
  response: z.object({ greetings: z.array(z.string()) }),
});

/** A group chat's members, in turn order, and its greeter (the group chat screen's speaker labels). */
export const getGroup = endpoint({
  method: 'GET',
  path: '/api/characters/:id/group',
  auth: 'caller',
  flag: 'groupchat',
  summary: 'Get a group chat you may see: its members and who greets first (404 for a chatbot)',
  params: IdParamsSchema,
  response: GroupFieldsSchema.extend({ id: z.uuid() }),
});
