/**
 * Which stored files the data still refers to: members', chatbots', personas' and lorebooks'
 * avatars, the original art of imported cards, and the images drawn in conversations.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

/** The ones of `urls` that something has as its avatar, a chatbot as its card art, or a message as its image. */
export async function referencedUploads(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = sql`${sql.join(urls.map((u) => sql`${u}`))}`;
  const result = await sql<{ url: string }>`
    select avatar_url as url from users where avatar_url in (${list})
    union
    select avatar_url as url from characters where avatar_url in (${list})
    union
    select avatar_url as url from personas where avatar_url in (${list})
    union
    select avatar_url as url from lorebooks where avatar_url in (${list})
    union
    select card_art_url as url from characters where card_art_url in (${list})
    union
    select url from message_images where url in (${list})`.execute(db);
  return new Set(result.rows.map((r) => r.url));
}
