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
