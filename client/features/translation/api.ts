import { getTranslation, startTranslation } from '#shared/api/translations';
import type { TranslationLanguage } from '#shared/rules/translation';
import type { ApiClient } from '../../lib/api-client';

export function requestTranslation(
  api: ApiClient,
  characterId: string,
  language: TranslationLanguage,
) {
  return api.request(startTranslation, { params: { id: characterId }, body: { language } });
}

export function fetchTranslation(
  api: ApiClient,
  characterId: string,
  language: TranslationLanguage,
  signal?: AbortSignal,
) {
  return api.request(getTranslation, {
    params: { id: characterId, language },
    ...(signal === undefined ? {} : { signal }),
  });
}
