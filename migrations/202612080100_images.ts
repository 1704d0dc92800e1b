/**
 * Images in the conversation (issue 26 item 2): a conversation's image settings, and the image of a bot
 * message (one per message: generating again replaces it) with its state, progress and the member's
 * rating of it. The image itself is in the storage's private `images` folder.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('conversation_image_settings')
    .addColumn('conversation_id', 'uuid', (c) =>
      c.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('nsfw_mode', 'boolean', (c) => c.notNull())
    .addColumn('legacy_mode', 'boolean', (c) => c.notNull())
    .addColumn('lora_scale', 'double precision', (c) =>
      c.notNull().check(sql`lora_scale >= 0 and lora_scale <= 1`),
    )
    .addColumn('prompt_suffix', 'text', (c) => c.notNull())
    .addColumn('negative_prompt', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('message_images')
    .addColumn('message_id', 'uuid', (c) =>
      c.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('generation_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'generating', 'done', 'failed')`),
    )
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('url', 'text')
    .addColumn('error', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('rating_level', 'text')
    .addColumn('rating_reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('message_images_done_check', sql`(status = 'done') = (url is not null)`)
    .execute();
  await db.schema
    .createIndex('message_images_conversation_idx')
    .on('message_images')
    .column('conversation_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_images').execute();
  await db.schema.dropTable('conversation_image_settings').execute();
}
