/** Text to speech (issue 26 item 1): conversations' voices, the clip cache and speech ratings. */
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
