import { z } from 'zod';
import { CharacterSchema, CharacterSummarySchema } from '../schemas/character';
import { PageQuerySchema, pageOf } from '../schemas/page';
import { endpoint } from './endpoint';

export const IdParamsSchema = z.object({ id: z.uuid() });

/** The public library, most talked-to first. */
export const listCharacters = endpoint({
  method: 'GET',
  path: '/api/characters',
  auth: 'none',
  summary: 'List public characters, one numbered page at a time',
  query: PageQuerySchema,
  response: pageOf(CharacterSummarySchema),
});

export const getCharacter = endpoint({
  method: 'GET',
  path: '/api/characters/:id',
  auth: 'caller',
  summary: 'Get one character (its chatbot profile)',
  params: IdParamsSchema,
  response: CharacterSchema,
});
