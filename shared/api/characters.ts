import { z } from 'zod';
import { CharacterSchema } from '../schemas/character';
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
