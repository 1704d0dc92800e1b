/**
 * Character translation (issue 26 item 3; product-core.md §3 name_i18n, title_i18n,
 * translated_languages; §4 "Translation modal"; §6 "Translation"): the languages a chatbot is
 * translated into, who may translate which chatbot, and the fields a translation carries. Server,
 * workers and client read it from here.
 */
import { z } from 'zod';
import { characterLimits, isPrivateVisibility } from './character';

/**
 * The languages on offer, with the English name the model is told. They are the chat languages the
 * profile offers (client/components/language-field.tsx) plus the library filter's.
 */
export const translationLanguageCodes = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'pt-BR',
  'ru',
  'ja',
  'ko',
  'zh',
  'id',
] as const;
export type TranslationLanguage = (typeof translationLanguageCodes)[number];

export const translationLanguages: Record<TranslationLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  'pt-BR': 'Brazilian Portuguese',
  ru: 'Russian',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  id: 'Indonesian',
};

/** A language to translate into: one of translationLanguageCodes, else "Choose a language". */
export const TranslationLanguageSchema = z.enum(translationLanguageCodes, {
  error: 'Choose a language',
});

/** The English name of a stored language code (the code itself when it is not on offer). */
export function languageName(code: string): string {
  const known = TranslationLanguageSchema.safeParse(code);
  return known.success ? translationLanguages[known.data] : code;
}

/** The primary language of a code: `pt-BR` and `pt` are one language for the rules below. */
export function baseLanguage(code: string): string {
  return (code.split('-')[0] ?? code).trim().toLowerCase();
}

/** The fields a translation carries, in the order they are translated (the modal's status). */
export const translatedFields = [
  'name',
  'title',
  'greeting',
  'persona',
  'scenario',
  'dialogue',
] as const;
export type TranslatedField = (typeof translatedFields)[number];

/** What a translated field may hold: the chatbot's own limit for it. */
export const translatedFieldMax: Record<TranslatedField, number> = {
  name: characterLimits.name.max,
  title: characterLimits.title.max,
  greeting: characterLimits.greeting.max,
  persona: characterLimits.persona.max,
  scenario: characterLimits.scenario.max,
  dialogue: characterLimits.dialogue.max,
};

/** Why translation is not offered, most basic first. */
export type TranslationRefusal =
  /** Partner sites do not offer it (spec §6). */
  | 'partner'
  /** The caller's plan does not include translating this kind of chatbot (the upgrade path). */
  | 'plan'
  /** The chatbot is already in that language (spec §6). */
  | 'same_language'
  /** English chatbots are not translated (spec §6). */
  | 'english_chatbot';

export interface TranslationAsk {
  isPartner: boolean;
  /** The caller's flags: character_translate_public and character_translate_private. */
  mayTranslatePublic: boolean;
  mayTranslatePrivate: boolean;
  /** The chatbot's visibility and language. */
  visibility: string;
  chatbotLanguage: string;
  /** The language asked for: the member's chat language in the modal. */
  target: string;
}

/**
 * Whether a member may translate a chatbot they can see into `target`, or why not. Spec §6:
 * unavailable for partners, or when the chatbot's language is the target language or English. Which
 * plans hold the flags is shared/rules/permissions.ts: public and unlisted chatbots need
 * character_translate_public, private ones character_translate_private.
 */
export function translationRefusal(ask: TranslationAsk): TranslationRefusal | null {
  if (ask.isPartner) return 'partner';
  const mayTranslate = isPrivateVisibility(ask.visibility)
    ? ask.mayTranslatePrivate
    : ask.mayTranslatePublic;
  if (!mayTranslate) return 'plan';
  if (baseLanguage(ask.chatbotLanguage) === 'en') return 'english_chatbot';
  if (baseLanguage(ask.chatbotLanguage) === baseLanguage(ask.target)) return 'same_language';
  return null;
}

/** The states of a chatbot's translation into one language (the modal's idle is `none`). */
export const translationStates = ['none', 'queued', 'translating', 'done', 'failed'] as const;
export type TranslationState = (typeof translationStates)[number];

/** Whether a translation is being made: a second request joins it rather than starting another. */
export function isInFlight(state: TranslationState): boolean {
  return state === 'queued' || state === 'translating';
}

/** The progress shown before any field is done, and each field's share after it (by length). */
export function progressAfter(doneChars: number, totalChars: number): number {
  if (totalChars <= 0) return 100;
  return Math.min(99, Math.max(5, Math.round(5 + (94 * doneChars) / totalChars)));
}
