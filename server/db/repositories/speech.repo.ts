/** Text to speech (issue 26 item 1): conversations' voices, the clip cache and speech ratings. */
import { sql } from 'kysely';
import type { Db } from '../database';

/** The voice id chosen for a conversation, or null (the default voice). */
export async function voiceOf(db: Db, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('conversations')
    .select('voice_id')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.voice_id ?? null;
}

export async function setVoice(db: Db, conversationId: string, voiceId: string): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ voice_id: voiceId })
    .where('id', '=', conversationId)
    .execute();
}

/** The storage URL of a cached clip, or null. */
export async function findClip(db: Db, clipId: string): Promise<string | null> {
  const row = await db
    .selectFrom('speech_clips')
    .select('url')
    .where('id', '=', clipId)
    .executeTakeFirst();
  return row?.url ?? null;
}

/**
 * The storage URL of a cached clip someone is about to hear, or null; marks it played. The mark is
 * written at most once an hour per clip, so a much-played clip costs no write per play.
 */
export async function playClip(db: Db, clipId: string): Promise<string | null> {
  const result = await sql<{ url: string }>`
    with clip as (select url from speech_clips where id = ${clipId}),
    played as (
      update speech_clips set played_at = now()
      where id = ${clipId} and played_at < now() - interval '1 hour'
    )
    select url from clip`.execute(db);
  return result.rows[0]?.url ?? null;
}

/**
 * The sweep's lock on the cache, held by the connection `conn` until unlockClipSweep (or the
 * connection ends). Deleting unplayed clips holds it shared (several sweeps side by side); the pass
 * over files no clip names holds it alone, so it never sees a clip whose row is gone while its file is
 * still being deleted, and never runs twice at once. Answers false when `alone` was asked for and
 * someone holds it.
 */
export async function lockClipSweep(conn: Db, alone: boolean): Promise<boolean> {
  if (!alone) {
    await sql`select pg_advisory_lock_shared(hashtext('speech-clip-sweep'))`.execute(conn);
    return true;
  }
  const result = await sql<{
    held: boolean;
  }>`select pg_try_advisory_lock(hashtext('speech-clip-sweep')) as held`.execute(conn);
  return result.rows[0]?.held === true;
}

export async function unlockClipSweep(conn: Db, alone: boolean): Promise<void> {
  await (
    alone
      ? sql`select pg_advisory_unlock(hashtext('speech-clip-sweep'))`
      : sql`select pg_advisory_unlock_shared(hashtext('speech-clip-sweep'))`
  ).execute(conn);
}

/**
 * Deletes up to `limit` clips not played since `before`, answering their storage URLs (the caller
 * deletes the files). Rows another sweep holds are skipped and a clip played meanwhile is kept, so
 * sweeps running at once each delete different clips, each once.
 */
export async function deleteUnplayedClips(db: Db, before: Date, limit: number): Promise<string[]> {
  const result = await sql<{ url: string }>`
    delete from speech_clips
    where id in (
      select id from speech_clips where played_at < ${before}
      order by played_at limit ${limit}
      for update skip locked
    )
    and played_at < ${before}
    returning url`.execute(db);
  return result.rows.map((r) => r.url);
}

/** Which of `urls` a cached clip names. */
export async function clipUrlsAmong(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.selectFrom('speech_clips').select('url').where('url', 'in', urls).execute();
  return new Set(rows.map((r) => r.url));
}

/** Records a finished clip; answers false when one was recorded already (its URL is kept). */
export async function saveClip(
  db: Db,
  clip: { id: string; voiceId: string; url: string; byteLength: number },
): Promise<boolean> {
  const row = await db
    .insertInto('speech_clips')
    .values({ id: clip.id, voice_id: clip.voiceId, url: clip.url, byte_length: clip.byteLength })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets (or replaces) a member's rating of how a message sounded. */
export async function rate(
  db: Db,
  rating: {
    messageId: string;
    userId: string;
    voiceId: string;
    rating: 'like' | 'dislike' | 'love';
    reason: string | null;
    value: number;
  },
): Promise<void> {
  const values = {
    message_id: rating.messageId,
    user_id: rating.userId,
    voice_id: rating.voiceId,
    rating: rating.rating,
    reason: rating.reason,
    value: rating.value,
  };
  await db
    .insertInto('speech_ratings')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['message_id', 'user_id']).doUpdateSet({
        voice_id: values.voice_id,
        rating: values.rating,
        reason: values.reason,
        value: values.value,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** A member's rating of a message, or null. */
export async function ratingOf(
  db: Db,
  messageId: string,
  userId: string,
): Promise<{ rating: 'like' | 'dislike' | 'love'; reason: string | null } | null> {
  const row = await db
    .selectFrom('speech_ratings')
    .select(['rating', 'reason'])
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}
