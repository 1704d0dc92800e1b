/**
 * Who may translate a chatbot, and what its profile shows of translation (issue 26 item 3): one
 * function each, used by the translation routes (translation.service.ts) and the profile
 * (characters.service.ts). It reads no character itself, so both may call it.
 */
import type { CharacterTranslation } from '#shared/schemas/character';
import {
  translationRefusal,
  TranslationLanguageSchema,
  type TranslationRefusal,
} from '#shared/rules/translation';
import type { Db } from '../db/database';
import type { CharacterRecord } from '../db/mappers';
import * as translations from '../db/repositories/translations.repo';
import * as users from '../db/repositories/users.repo';
import type { Caller } from '../lib/caller';
import { isCallerFlagOn } from './applications.service';

/** Why the caller may not translate the chatbot into `target`, or null when they may. */
export function refusalFor(
  caller: Caller,
  character: Pick<CharacterRecord, 'visibility' | 'language'>,
  target: string,
): TranslationRefusal | null {
  return translationRefusal({
    isPartner: caller.isPartner,
    mayTranslatePublic:
      caller.kind === 'member' && isCallerFlagOn(caller, 'character_translate_public'),
    mayTranslatePrivate:
      caller.kind === 'member' && isCallerFlagOn(caller, 'character_translate_private'),
    visibility: character.visibility,
    chatbotLanguage: character.language,
    target,
  });
}

/**
 * What the profile shows of translation to a caller who may see the chatbot: its translation into the
 * member's chat language (definition fields as `showDefinition` allows), and whether they may
 * translate it into that language. Guests have no chat language: neither.
 */
export async function translationView(
  db: Db,
  caller: Caller,
  character: CharacterRecord,
  showDefinition: boolean,
): Promise<{ translation: CharacterTranslation | null; translatableTo: string | null }> {
  if (caller.kind !== 'member') return { translation: null, translatableTo: null };
  const language = (await users.findById(db, caller.userId))?.chatLanguage;
  const target = TranslationLanguageSchema.safeParse(language);
  if (!target.success) return { translation: null, translatableTo: null };
  const text = await translations.findCurrentText(db, character.id, target.data);
  return {
    translation:
      text === undefined
        ? null
        : {
            language: target.data,
            name: text.name,
            title: text.title,
            greeting: text.greeting,
            persona: showDefinition ? text.persona : null,
            scenario: showDefinition ? text.scenario : null,
            dialogue: showDefinition ? text.dialogue : null,
          },
    translatableTo: refusalFor(caller, character, target.data) === null ? target.data : null,
  };
}
