/**
 * The foundation schema: users (guests included), characters and tags, conversations and messages.
 * Messages link to the message they answer (prev_id), so alternatives and branches need no rewrite.
 * Frozen once on main: later changes go in new migrations.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('guest', 'member')`))
    .addColumn('guest_id', 'uuid', (c) => c.unique())
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('name', 'text')
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('free_tier'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('users_guest_last_seen_idx')
    .on('users')
    .column('last_seen_at')
    .where(sql.ref('kind'), '=', 'guest')
    .execute();

  await db.schema
    .createTable('characters')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('persona', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scenario', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('greeting', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dialogue', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text')
    .addColumn('is_nsfw', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('visibility', 'text', (c) =>
      c
        .notNull()
        .defaultTo('public')
        .check(sql`visibility in ('private', 'permanently_private', 'hidden', 'public')`),
    )
    .addColumn('definition_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('creator_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('token_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('num_messages', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('characters_public_popular_idx')
    .on('characters')
    .columns(['num_messages desc', 'id'])
    .where(sql.ref('visibility'), '=', 'public')
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('character_tags')
    .addColumn('character_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('character_tags_pk', ['character_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('character_tags_tag_idx')
    .on('character_tags')
    .column('tag_id')
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('character_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('label', 'text')
    .addColumn('last_message_id', 'uuid')
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('conversations_user_updated_idx')
    .on('conversations')
    .columns(['user_id', 'updated_at desc', 'id'])
    .execute();
  await db.schema
    .createIndex('conversations_user_character_idx')
    .on('conversations')
    .columns(['user_id', 'character_id', 'updated_at desc'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('prev_id', 'uuid', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('user', 'bot')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_alternative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_stopped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('queue_wait_ms', 'integer')
    .addColumn('first_token_ms', 'integer')
    .addColumn('token_count', 'integer')
    .addColumn('tokens_per_second', 'real')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_prev_idx').on('messages').column('prev_id').execute();
  await db.schema
    .alterTable('conversations')
    .addForeignKeyConstraint('conversations_last_message_fk', ['last_message_id'], 'messages', [
      'id',
    ])
    .onDelete('set null')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .dropConstraint('conversations_last_message_fk')
    .execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropTable('character_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.dropTable('characters').execute();
  await db.schema.dropTable('users').execute();
}
