/**
 * Character translation (issue 26 item 3): starting a run (claimed in the database, then queued: the
 * text model is the worker's, never the request's) and where a run stands. Both first check that the
 * caller may see the chatbot and translate it (translation-access.service.ts); REST is the only way in.
 */
import { randomUUID } from 'node:crypto';
import type { TranslationStatus } from '#shared/api/translations';
import { translatedFields, type TranslationLanguage } from '#shared/rules/translation';
import type { Db } from '../db/database';
import type { CharacterRecord } from '../db/mappers';
import * as translations from '../db/repositories/translations.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { TranslationQueue } from '../lib/queues';
import { findVisible } from './characters.service';
import { refusalFor } from './translation-access.service';

export interface TranslationDeps {
  db: Db;
  queue: TranslationQueue;
}

/** The chatbot, if the caller may see it and translate it into `language`; else the refusal. */
async function translatable(
  db: Db,
  caller: MemberCaller,
  characterId: string,
  language: TranslationLanguage,
): Promise<CharacterRecord> {
  const character = await findVisible(db, caller, characterId);
  const refusal = refusalFor(caller, character, language);
  if (refusal === 'plan') throw new AppError('translation_premium_required');
  if (refusal !== null) {
    throw new AppError('translation_unavailable', { details: { reason: refusal } });
  }
  return character;
}

function toStatus(
  characterId: string,
  language: TranslationLanguage,
  record: translations.TranslationRecord | undefined,
): TranslationStatus {
  // A translation of text edited since is as good as none: the modal offers it again.
  if (record === undefined || (record.state === 'done' && !record.isCurrent)) {
    return { characterId, language, state: 'none', progress: 0, field: null, error: null };
  }
  const field = record.state === 'translating' ? record.field : null;
  return {
    characterId,
    language,
    state: record.state,
    progress: record.state === 'done' ? 100 : record.progress,
    field: translatedFields.find((f) => f === field) ?? null,
    error: record.state === 'failed' ? record.error : null,
  };
}

/**
 * Starts translating the chatbot into `language`: claims a run and queues it. A run in flight, or a
 * done translation of the current text, is answered as it stands instead (asked twice, made once).
 */
export async function startTranslation(
  deps: TranslationDeps,
  caller: MemberCaller,
  characterId: string,
  language: TranslationLanguage,
): Promise<TranslationStatus> {
  await translatable(deps.db, caller, characterId, language);
  const run = { characterId, language, runId: randomUUID(), requestedBy: caller.userId };
  const { claimed, record } = await translations.claimRun(deps.db, run);
  if (claimed) {
    try {
      await deps.queue.enqueueTranslate({ characterId, language, runId: run.runId });
    } catch (err) {
      await translations.failRun(deps.db, run, 'The translation could not be started. Try again.');
      throw err;
    }
  }
  return toStatus(characterId, language, record);
}

/** Where the chatbot's translation into `language` stands, for a caller who may translate it. */
export async function translationStatus(
  db: Db,
  caller: MemberCaller,
  characterId: string,
  language: TranslationLanguage,
): Promise<TranslationStatus> {
  await translatable(db, caller, characterId, language);
  return toStatus(characterId, language, await translations.find(db, characterId, language));
}
