import { describe, expect, it } from 'vitest';
import {
  baseLanguage,
  isInFlight,
  languageName,
  progressAfter,
  TranslationLanguageSchema,
  translationRefusal,
  translationStates,
  type TranslationAsk,
} from '#shared/rules/translation';
import { featureFlagsOf } from '#shared/rules/permissions';
import { roles } from '#shared/schemas/user';

/** A premium member asking to translate a public Spanish chatbot into English: allowed. */
const allowed: TranslationAsk = {
  isPartner: false,
  mayTranslatePublic: true,
  mayTranslatePrivate: false,
  visibility: 'public',
  chatbotLanguage: 'es',
  target: 'en',
};

describe('translationRefusal', () => {
  it('allows a member with the public flag to translate a public or unlisted chatbot', () => {
    expect(translationRefusal(allowed)).toBeNull();
    expect(translationRefusal({ ...allowed, visibility: 'hidden' })).toBeNull();
  });

  it('refuses partners whatever else holds (spec §6)', () => {
    expect(translationRefusal({ ...allowed, isPartner: true })).toBe('partner');
    expect(translationRefusal({ ...allowed, isPartner: true, mayTranslatePublic: false })).toBe(
      'partner',
    );
  });

  it('refuses when the chatbot is already in the target language, by primary language', () => {
    expect(translationRefusal({ ...allowed, chatbotLanguage: 'fr', target: 'fr' })).toBe(
      'same_language',
    );
    expect(translationRefusal({ ...allowed, chatbotLanguage: 'pt', target: 'pt-BR' })).toBe(
      'same_language',
    );
  });

  it('refuses English chatbots into any language (spec §6)', () => {
    for (const target of ['es', 'fr', 'ja']) {
      expect(translationRefusal({ ...allowed, chatbotLanguage: 'en', target })).toBe(
        'english_chatbot',
      );
    }
    expect(translationRefusal({ ...allowed, chatbotLanguage: 'en-GB', target: 'de' })).toBe(
      'english_chatbot',
    );
  });

  it('asks for the public flag on public bots and the private flag on private ones', () => {
    expect(translationRefusal({ ...allowed, mayTranslatePublic: false })).toBe('plan');
    for (const visibility of ['private', 'permanently_private']) {
      expect(translationRefusal({ ...allowed, visibility })).toBe('plan');
      expect(translationRefusal({ ...allowed, visibility, mayTranslatePrivate: true })).toBeNull();
    }
    expect(
      translationRefusal({ ...allowed, mayTranslatePublic: false, mayTranslatePrivate: true }),
    ).toBe('plan');
  });
});

describe('who holds the translation flags', () => {
  it('gives public translation from paid_premium up and private translation to staff, never to guests', () => {
    for (const role of roles) {
      const flags = featureFlagsOf({ kind: 'member', role, restrictions: [] });
      const isPremiumUp = ['paid_premium', 'employee', 'admin'].includes(role);
      expect({ role, on: flags.character_translate_public }).toEqual({ role, on: isPremiumUp });
      expect({ role, on: flags.character_translate_private }).toEqual({
        role,
        on: role === 'employee' || role === 'admin',
      });
    }
    const guest = featureFlagsOf({ kind: 'guest', role: 'admin', restrictions: [] });
    expect(guest.character_translate_public).toBe(false);
    const held = featureFlagsOf({
      kind: 'member',
      role: 'paid_premium',
      restrictions: ['restriction_full_time'],
    });
    expect(held.character_translate_public).toBe(false);
  });
});

describe('TranslationLanguageSchema', () => {
  it('takes the languages on offer and refuses anything else', () => {
    for (const code of ['en', 'es', 'pt-BR', 'zh']) {
      expect(TranslationLanguageSchema.safeParse(code).success).toBe(true);
    }
    for (const bad of ['xx', 'EN', 'pt-br', '', 'es\u0000', 42, null, ['es']]) {
      expect(TranslationLanguageSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('names languages for the model and the modal, a code not on offer as itself', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageName('tlh')).toBe('tlh');
    expect(baseLanguage('pt-BR')).toBe('pt');
    expect(baseLanguage('EN')).toBe('en');
  });
});

describe('progressAfter and isInFlight', () => {
  it('starts at 5, grows with the text done and stays below 100 until the run is done', () => {
    expect(progressAfter(0, 1000)).toBe(5);
    expect(progressAfter(500, 1000)).toBe(52);
    expect(progressAfter(1000, 1000)).toBe(99);
    expect(progressAfter(0, 0)).toBe(100);
  });

  it('counts queued and translating runs as in flight, done and failed ones not', () => {
    expect(translationStates).toEqual(['none', 'queued', 'translating', 'done', 'failed']);
    expect(translationStates.map(isInFlight)).toEqual([false, true, true, false, false]);
  });
});
