/**
 * The maintenance sweep of unreferenced uploads (workers/maintenance) asks, for a batch of stored
 * files, which are still a member's or a chatbot's avatar: these indexes answer that without reading
 * every character.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('characters_avatar_url_idx')
    .on('characters')
    .column('avatar_url')
    .execute();
  await db.schema.createIndex('users_avatar_url_idx').on('users').column('avatar_url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_avatar_url_idx').execute();
  await db.schema.dropIndex('characters_avatar_url_idx').execute();
}
