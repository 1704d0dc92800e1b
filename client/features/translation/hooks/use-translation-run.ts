/**
 * One chatbot's translation run as the modal follows it: idle until Translate, then translating
 * (polled every pollMs while queued or translating: the worker writes its progress as it goes), then
 * success or error. Asking while a run is in flight joins it (the server answers that run).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranslationStatus } from '#shared/api/translations';
import { isInFlight, type TranslationLanguage } from '#shared/rules/translation';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { fetchTranslation, requestTranslation } from '../api';

export type TranslationPhase =
  | { kind: 'idle' }
  | { kind: 'translating'; status: TranslationStatus }
  | { kind: 'success' }
  | { kind: 'error'; message: string; isUpgrade: boolean };

const pollMs = 700;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The phase a run that is no longer in flight ends the modal in. */
function endOf(status: TranslationStatus): TranslationPhase {
  if (status.state === 'done') return { kind: 'success' };
  return {
    kind: 'error',
    message: status.error ?? 'The translation stopped. Try again.',
    isUpgrade: false,
  };
}

export function useTranslationRun(characterId: string, language: TranslationLanguage) {
  const { api } = useServices();
  const [phase, setPhase] = useState<TranslationPhase>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
    },
    [],
  );

  const start = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    setPhase({
      kind: 'translating',
      status: { characterId, language, state: 'queued', progress: 0, field: null, error: null },
    });
    void (async () => {
      try {
        let status = await requestTranslation(api, characterId, language);
        // Closed or started again meanwhile: this loop's answers are no longer shown.
        const isStale = () => signal.aborted;
        while (isInFlight(status.state)) {
          if (isStale()) return;
          setPhase({ kind: 'translating', status });
          await wait(pollMs);
          if (isStale()) return;
          status = await fetchTranslation(api, characterId, language, signal);
        }
        if (!isStale()) setPhase(endOf(status));
      } catch (err) {
        if (signal.aborted) return;
        const apiError = toApiError(err);
        setPhase({
          kind: 'error',
          message: errorText(apiError),
          isUpgrade: apiError.code === 'translation_premium_required',
        });
      }
    })();
  }, [api, characterId, language]);

  return { phase, start };
}
