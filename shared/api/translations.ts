/**
 * Character translation (issue 26 item 3): start translating a chatbot into a language, and follow it
 * (the modal polls while it is queued or translating). The work is the `translation` queue's; the
 * finished translation is shown on the chatbot's profile in the member's chat language
 * (CharacterSchema.translation).
 */
import { z } from 'zod';
import {
  TranslationLanguageSchema,
  translatedFields,
  translationStates,
} from '../rules/translation';
import { endpoint } from './endpoint';

/** Where a chatbot's translation into one language stands: the modal's states. */
export const TranslationStatusSchema = z.object({
  characterId: z.uuid(),
  language: TranslationLanguageSchema,
  /** none: never asked (the modal's idle); queued and translating: in flight; done; failed. */
  state: z.enum(translationStates),
  /** 0..100, the share of the chatbot's text translated so far. */
  progress: z.number().int().min(0).max(100),
  /** The field being translated while `translating`. */
  field: z.enum(translatedFields).nullable(),
  /** Why it failed, for people, when `failed`. */
  error: z.string().nullable(),
});
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

export const StartTranslationInputSchema = z.object({ language: TranslationLanguageSchema });

export const startTranslation = endpoint({
  method: 'POST',
  path: '/api/characters/:id/translations',
  auth: 'member',
  summary:
    'Translate a chatbot into a language (queued; a translation in flight is joined, not repeated)',
  params: z.object({ id: z.uuid() }),
  body: StartTranslationInputSchema,
  response: TranslationStatusSchema,
});

export const getTranslation = endpoint({
  method: 'GET',
  path: '/api/characters/:id/translations/:language',
  auth: 'member',
  summary: "Where a chatbot's translation into a language stands",
  params: z.object({ id: z.uuid(), language: TranslationLanguageSchema }),
  response: TranslationStatusSchema,
});
