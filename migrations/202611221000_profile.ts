/** Profile settings of a member: highlights, avatar, their own OpenAI key (encrypted) and content settings. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('avatar_url', 'text')
    .addColumn('highlights', 'text')
    .addColumn('openai_api_key_encrypted', 'text')
    .addColumn('openai_mode', 'text', (c) => c.notNull().defaultTo('disabled'))
    .addColumn('show_nsfw', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blur_nsfw', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('chat_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('avatar_url')
    .dropColumn('highlights')
    .dropColumn('openai_api_key_encrypted')
    .dropColumn('openai_mode')
    .dropColumn('show_nsfw')
    .dropColumn('blur_nsfw')
    .dropColumn('chat_language')
    .execute();
}
