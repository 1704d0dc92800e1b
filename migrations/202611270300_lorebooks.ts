/**
 * Lorebooks (issue 12): a member's books of lore entries, and the books a chatbot carries. An entry's
 * `position` keeps the book's order; attaching a book twice is impossible (the pair is the key), and a
 * removed book or chatbot takes its attachments with it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lorebooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('scan_depth', 'integer', (c) => c.notNull())
    .addColumn('token_budget', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lorebooks_user_created_idx')
    .on('lorebooks')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('lorebook_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('lorebook_id', 'uuid', (c) =>
      c.notNull().references('lorebooks.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('keywords', sql`text[]`, (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('insertion_order', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('lorebook_entries_book_position_idx')
    .on('lorebook_entries')
    .columns(['lorebook_id', 'position'])
    .execute();

  await db.schema
    .createTable('character_lorebooks')
    .addColumn('character_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('lorebook_id', 'uuid', (c) =>
      c.notNull().references('lorebooks.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('character_lorebooks_pk', ['character_id', 'lorebook_id'])
    .execute();
  await db.schema
    .createIndex('character_lorebooks_lorebook_idx')
    .on('character_lorebooks')
    .column('lorebook_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('character_lorebooks').execute();
  await db.schema.dropTable('lorebook_entries').execute();
  await db.schema.dropTable('lorebooks').execute();
}
