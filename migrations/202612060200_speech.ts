/**
 * Text to speech (issue 26 item 1): the voice a conversation is read aloud in, the cache of spoken
 * clips (by the hash of text, voice and engine; the audio itself is in the upload storage), and each
 * member's rating of how a message sounded.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('voice_id', 'text').execute();
  await db.schema
    .createTable('speech_clips')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{64}$'`))
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('byte_length', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('speech_ratings')
    .addColumn('message_id', 'uuid', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'text', (c) =>
      c.notNull().check(sql`rating in ('like', 'dislike', 'love')`),
    )
    .addColumn('reason', 'text')
    .addColumn('value', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('speech_ratings_pkey', ['message_id', 'user_id'])
    .addCheckConstraint(
      'speech_ratings_reason_check',
      sql`(rating = 'dislike') = (reason is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('speech_ratings').execute();
  await db.schema.dropTable('speech_clips').execute();
  await db.schema.alterTable('conversations').dropColumn('voice_id').execute();
}
