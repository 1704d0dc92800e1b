/**
 * Character translations (issue 26 item 3): a chatbot's translation into one language, which is also
 * the claim of the run making it. A run is claimed in one statement (never two in flight for the same
 * chatbot and language), the worker writes only under its run id, and the text is written once, whole,
 * only while the chatbot is still as it was read (`version`); an edit since makes a translation stale,
 * so it is neither shown nor kept from being made again.
 */
import { sql } from 'kysely';
import type { TranslatedField } from '#shared/rules/translation';
import type { Db } from '../database';

export type TranslationRunState = 'queued' | 'translating' | 'done' | 'failed';

/** A translation's row as the service and the worker read it. */
export interface TranslationRecord {
  characterId: string;
  language: string;
  state: TranslationRunState;
  runId: string;
  progress: number;
  field: string | null;
  error: string | null;
  /** Whether a `done` translation is of the chatbot's current text. */
  isCurrent: boolean;
}

interface TranslationRow {
  character_id: string;
  language: string;
  state: TranslationRunState;
  run_id: string;
  progress: number;
  field: string | null;
  error: string | null;
  is_current: boolean;
}

function toRecord(row: TranslationRow): TranslationRecord {
  return {
    characterId: row.character_id,
    language: row.language,
    state: row.state,
    runId: row.run_id,
    progress: row.progress,
    field: row.field,
    error: row.error,
    isCurrent: row.is_current,
  };
}

/** The chatbot's translation into `language`, or undefined when none was ever asked for. */
export async function find(
  db: Db,
  characterId: string,
  language: string,
): Promise<TranslationRecord | undefined> {
  const result = await sql<TranslationRow>`
    select t.character_id, t.language, t.state, t.run_id, t.progress, t.field, t.error,
      (t.source_updated_at is not distinct from c.updated_at) as is_current
    from character_translations t join characters c on c.id = t.character_id
    where t.character_id = ${characterId} and t.language = ${language}`.execute(db);
  const row = result.rows[0];
  return row && toRecord(row);
}

/**
 * Claims a new run of the chatbot's translation into `language`, unless one is in flight or a done
 * one is current (then that one is answered, `claimed: false`). The claim empties any earlier text.
 */
export async function claimRun(
  db: Db,
  run: { characterId: string; language: string; runId: string; requestedBy: string },
): Promise<{ claimed: boolean; record: TranslationRecord | undefined }> {
  const claimed = await sql<{ run_id: string }>`
    insert into character_translations (character_id, language, state, run_id, requested_by)
    values (${run.characterId}, ${run.language}, 'queued', ${run.runId}, ${run.requestedBy})
    on conflict (character_id, language) do update set
      state = 'queued', run_id = excluded.run_id, requested_by = excluded.requested_by,
      progress = 0, field = null, error = null, name = null, title = null, greeting = null,
      persona = null, scenario = null, dialogue = null, source_updated_at = null,
      updated_at = now()
    where character_translations.state = 'failed'
      or (character_translations.state = 'done'
        and character_translations.source_updated_at is distinct from
          (select c.updated_at from characters c where c.id = excluded.character_id))
    returning run_id`.execute(db);
  return {
    claimed: claimed.rows[0]?.run_id === run.runId,
    record: await find(db, run.characterId, run.language),
  };
}

interface RunKey {
  characterId: string;
  language: string;
  runId: string;
}

const inFlight = sql`state in ('queued', 'translating')`;

/** The run's progress while it translates `field`; false when the run is no longer in flight. */
export async function markProgress(
  db: Db,
  key: RunKey,
  field: TranslatedField,
  progress: number,
): Promise<boolean> {
  const result = await sql`
    update character_translations
    set state = 'translating', field = ${field}, progress = ${progress}, updated_at = now()
    where character_id = ${key.characterId} and language = ${key.language}
      and run_id = ${key.runId} and ${inFlight}`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export type TranslatedTexts = Record<TranslatedField, string>;

/**
 * Writes the whole translation and marks it done, only while the run is in flight and the chatbot is
 * still at `version` (its updated_at as text, read with the source); false otherwise, writing nothing.
 */
export async function finishRun(
  db: Db,
  key: RunKey,
  version: string,
  texts: TranslatedTexts,
): Promise<boolean> {
  const result = await sql`
    update character_translations t
    set state = 'done', progress = 100, field = null, error = null, name = ${texts.name},
      title = ${texts.title}, greeting = ${texts.greeting}, persona = ${texts.persona},
      scenario = ${texts.scenario}, dialogue = ${texts.dialogue},
      source_updated_at = c.updated_at, updated_at = now()
    from characters c
    where c.id = t.character_id and c.updated_at::text = ${version}
      and t.character_id = ${key.characterId} and t.language = ${key.language}
      and t.run_id = ${key.runId} and t.state in ('queued', 'translating')`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** Fails the run with a reason people read; false when it was no longer in flight. */
export async function failRun(db: Db, key: RunKey, error: string): Promise<boolean> {
  const result = await sql`
    update character_translations
    set state = 'failed', error = ${error}, field = null, updated_at = now()
    where character_id = ${key.characterId} and language = ${key.language}
      and run_id = ${key.runId} and ${inFlight}`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** The chatbot's text as a run translates it, with the version finishRun checks. */
export interface TranslationSource {
  language: string;
  version: string;
  texts: TranslatedTexts;
}

export async function findSource(
  db: Db,
  characterId: string,
): Promise<TranslationSource | undefined> {
  const result = await sql<TranslatedTexts & { language: string; version: string }>`
    select name, title, greeting, persona, scenario, dialogue, language,
      updated_at::text as version
    from characters where id = ${characterId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { language, version, ...texts } = row;
  return { language, version, texts };
}

/** A current, done translation's text, or undefined. */
export async function findCurrentText(
  db: Db,
  characterId: string,
  language: string,
): Promise<TranslatedTexts | undefined> {
  const result = await sql<TranslatedTexts>`
    select t.name, t.title, t.greeting, t.persona, t.scenario, t.dialogue
    from character_translations t join characters c on c.id = t.character_id
    where t.character_id = ${characterId} and t.language = ${language} and t.state = 'done'
      and t.source_updated_at = c.updated_at`.execute(db);
  return result.rows[0];
}
