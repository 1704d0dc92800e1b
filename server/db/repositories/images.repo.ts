/** Images in the conversation (issue 26 item 2): conversations' image settings and messages' images. */
import { sql } from 'kysely';
import {
  defaultImageSettings,
  ImageRatingSchema,
  ImageStyleSchema,
  type ImageRating,
  type ImageSettings,
  type ImageStatus,
  type MessageImage,
} from '#shared/rules/images';
import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { MessageImagesTable } from '../tables';

type ImageRow = Selectable<MessageImagesTable>;

/** The path the image itself is loaded from; the generation makes each image's URL its own. */
export function imageFilePath(conversationId: string, messageId: string, generationId: string) {
  return `/api/conversations/${conversationId}/messages/${messageId}/image/file?g=${generationId}`;
}

function toMessageImage(row: ImageRow): MessageImage {
  const rating = ImageRatingSchema.safeParse({
    level: row.rating_level,
    reasons: row.rating_reasons,
  });
  return {
    messageId: row.message_id,
    generationId: row.generation_id,
    prompt: row.prompt,
    status: row.status,
    progress: row.progress,
    url:
      row.status === 'done'
        ? imageFilePath(row.conversation_id, row.message_id, row.generation_id)
        : null,
    error: row.error,
    width: row.width,
    height: row.height,
    rating: rating.success ? rating.data : null,
  };
}

/** A conversation's image settings, the defaults when none were saved. */
export async function settingsOf(db: Db, conversationId: string): Promise<ImageSettings> {
  const row = await db
    .selectFrom('conversation_image_settings')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (row === undefined) return defaultImageSettings;
  const style = ImageStyleSchema.safeParse(row.style);
  return {
    style: style.success ? style.data : defaultImageSettings.style,
    nsfwMode: row.nsfw_mode,
    legacyMode: row.legacy_mode,
    loraScale: row.lora_scale,
    promptSuffix: row.prompt_suffix,
    negativePrompt: row.negative_prompt,
  };
}

export async function saveSettings(
  db: Db,
  conversationId: string,
  settings: ImageSettings,
): Promise<void> {
  const values = {
    style: settings.style,
    nsfw_mode: settings.nsfwMode,
    legacy_mode: settings.legacyMode,
    lora_scale: settings.loraScale,
    prompt_suffix: settings.promptSuffix,
    negative_prompt: settings.negativePrompt,
  };
  await db
    .insertInto('conversation_image_settings')
    .values({ conversation_id: conversationId, ...values })
    .onConflict((oc) =>
      oc.column('conversation_id').doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}

/** A message's image, or null. */
export async function imageOf(db: Db, messageId: string): Promise<MessageImage | null> {
  const row = await db
    .selectFrom('message_images')
    .selectAll()
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row === undefined ? null : toMessageImage(row);
}

/** The stored file of a message's done image, or null. */
export async function fileOf(db: Db, messageId: string): Promise<string | null> {
  const row = await db
    .selectFrom('message_images')
    .select('url')
    .where('message_id', '=', messageId)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return row?.url ?? null;
}

/** The images of a conversation's messages. */
export async function imagesOf(db: Db, conversationId: string): Promise<MessageImage[]> {
  const rows = await db
    .selectFrom('message_images')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .execute();
  return rows.map(toMessageImage);
}

/**
 * Starts a new generation of a message's image, replacing the one before unless it is still queued
 * or generating and was heard of since `staleBefore` (then null: one generation per message at a
 * time; a generation whose job was lost does not block the message for ever). The replaced image's
 * file, if any, is answered for the caller to delete once the new one is recorded.
 */
export async function startGeneration(
  db: Db,
  input: {
    messageId: string;
    conversationId: string;
    generationId: string;
    prompt: string;
    width: number;
    height: number;
    staleBefore: Date;
  },
): Promise<{ image: MessageImage; replacedUrl: string | null } | null> {
  const result = await sql<ImageRow & { old_url: string | null }>`
    with old as (select url from message_images where message_id = ${input.messageId})
    insert into message_images
      (message_id, conversation_id, generation_id, prompt, status, progress, width, height)
    values (${input.messageId}, ${input.conversationId}, ${input.generationId}, ${input.prompt},
      'queued', 0, ${input.width}, ${input.height})
    on conflict (message_id) do update set
      generation_id = excluded.generation_id, prompt = excluded.prompt, status = 'queued',
      progress = 0, url = null, error = null, width = excluded.width, height = excluded.height,
      rating_level = null, rating_reasons = '{}', updated_at = now()
    where message_images.status not in ('queued', 'generating')
      or message_images.updated_at < ${input.staleBefore}
    returning message_images.*, (select url from old) as old_url`.execute(db);
  const row = result.rows[0];
  if (row === undefined) return null;
  return { image: toMessageImage(row), replacedUrl: row.old_url };
}

/**
 * Moves a generation on (its progress, done with its file, or failed with the reason). Answers the
 * image as it now is, or null when the generation is no longer the message's (replaced or deleted):
 * the caller then deletes a file it made.
 */
export async function updateGeneration(
  db: Db,
  generationId: string,
  change:
    | { status: 'generating'; progress: number }
    | { status: 'done'; url: string }
    | { status: 'failed'; error: string },
): Promise<MessageImage | null> {
  const set: {
    status: ImageStatus;
    progress?: number;
    url?: string;
    error?: string;
    updated_at: Date;
  } = { status: change.status, updated_at: new Date() };
  if (change.status === 'generating') set.progress = change.progress;
  if (change.status === 'done') {
    set.url = change.url;
    set.progress = 100;
  }
  if (change.status === 'failed') set.error = change.error;
  const row = await db
    .updateTable('message_images')
    .set(set)
    .where('generation_id', '=', generationId)
    .where('status', 'in', ['queued', 'generating'])
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toMessageImage(row);
}

/** Rates a done image; answers it, or null when the message has no done image. */
export async function rate(
  db: Db,
  messageId: string,
  rating: ImageRating,
): Promise<MessageImage | null> {
  const row = await db
    .updateTable('message_images')
    .set({ rating_level: rating.level, rating_reasons: rating.reasons, updated_at: new Date() })
    .where('message_id', '=', messageId)
    .where('status', '=', 'done')
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toMessageImage(row);
}
