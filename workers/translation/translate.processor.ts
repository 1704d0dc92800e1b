/**
 * The `translate` job (issue 26 item 3): translates a chatbot's name, title and definition into one
 * language through the text model (the provider interface replies use), one field at a time, telling
 * the run's progress as it goes, then writes the whole translation once. A model that hangs (no
 * answer within TRANSLATION_TIMEOUT_MS), fails or answers anything but a translation fails this run
 * alone, with the reason, and nothing of it is stored; the modal's Try Again starts a new run.
 */
import { UnrecoverableError } from 'bullmq';
import type { TranslateJob } from '#shared/jobs/translation';
import {
  isInFlight,
  progressAfter,
  translatedFields,
  type TranslatedField,
} from '#shared/rules/translation';
import type { Db } from '#server/db/database';
import * as translations from '#server/db/repositories/translations.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import type { ModelProvider } from '../providers/provider';
import { parseTranslation, translationMaxTokens, translationPrompt } from './translation-prompt';

export interface TranslateDeps {
  db: Db;
  provider: ModelProvider;
  log: Logger;
  /** Longest the model may take over one field. */
  timeoutMs: number;
}

/** A failure whose message is for the member, as the modal shows it. */
class TranslationFailure extends Error {}

/** The message a run's failure is stored with. */
export function failureMessage(err: unknown): string {
  if (err instanceof TranslationFailure) return err.message;
  if (err instanceof AppError) {
    if (err.code === 'model_timeout') return 'The text model did not answer in time. Try again.';
    if (err.code === 'model_unavailable') {
      return 'The text model is not available right now. Try again in a moment.';
    }
  }
  return 'The text model could not translate this chatbot. Try again.';
}

async function translateField(
  deps: TranslateDeps,
  field: TranslatedField,
  text: string,
  from: string,
  to: string,
): Promise<string> {
  const result = await deps.provider.generate({
    messages: translationPrompt(field, text, from, to),
    maxTokens: translationMaxTokens(deps.provider.countTokens(text), deps.provider.contextSize),
    temperature: 0.2,
    signal: AbortSignal.timeout(deps.timeoutMs),
    onText: () => undefined,
  });
  if (result.stopReason === 'abort') {
    throw new TranslationFailure('The text model did not answer in time. Try again.');
  }
  const parsed = parseTranslation(result.text, text, field);
  if (!parsed.ok) {
    const cut = result.stopReason === 'length' ? ' (it was cut off)' : '';
    throw new TranslationFailure(
      `The text model could not translate this chatbot: ${parsed.reason}${cut}. Try again.`,
    );
  }
  return parsed.text;
}

export async function translate(deps: TranslateDeps, job: TranslateJob): Promise<void> {
  const [source, run] = await Promise.all([
    translations.findSource(deps.db, job.characterId),
    translations.find(deps.db, job.characterId, job.language),
  ]);
  // Deleted, or this run is over (a job handed back after it finished): nothing to do.
  if (!source || run?.runId !== job.runId || !isInFlight(run.state)) return;
  const total = translatedFields.reduce((sum, f) => sum + source.texts[f].trim().length, 0);
  const texts: translations.TranslatedTexts = {
    name: '',
    title: '',
    greeting: '',
    persona: '',
    scenario: '',
    dialogue: '',
  };
  let done = 0;
  try {
    for (const field of translatedFields) {
      const text = source.texts[field].trim();
      if (text === '') continue;
      const progress = progressAfter(done, total);
      if (!(await translations.markProgress(deps.db, job, field, progress))) return;
      texts[field] = await translateField(deps, field, text, source.language, job.language);
      done += text.length;
    }
  } catch (err) {
    const message = failureMessage(err);
    deps.log.warn({ ...job, err: err instanceof Error ? err.message : err }, 'translation failed');
    await translations.failRun(deps.db, job, message);
    throw new UnrecoverableError(`translation failed: ${message}`);
  }
  if (await translations.finishRun(deps.db, job, source.version, texts)) {
    deps.log.info(job, 'chatbot translated');
    return;
  }
  // Edited while it was translated: the text would not match the chatbot any more.
  await translations.failRun(
    deps.db,
    job,
    'The chatbot was edited while it was being translated. Try again.',
  );
}

/** A run whose job the queue gave up on (its worker lost twice): failed, so it can be asked again. */
export async function translateGaveUp(deps: TranslateDeps, job: TranslateJob): Promise<void> {
  await translations.failRun(deps.db, job, 'The translation stopped unexpectedly. Try again.');
}
