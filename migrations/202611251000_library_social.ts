/**
 * The library's social records and the moderation state of characters (issue 10): favorites, dislikes
 * ("less like this"), ratings (like 3, dislike 1, love 5), blocked creators and chatbot reports; on
 * characters, the moderation status the spec names, its reasons and action, and the rating score.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('characters')
    .addColumn('moderation_status', 'text', (c) =>
      c.check(
        sql`moderation_status in ('pending', 'rereview_required', 'manual_review_required', 'fix_required', 'closed')`,
      ),
    )
    .addColumn('moderation_reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('moderation_action', 'text')
    .addColumn('manual_review_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('avatar_is_nsfw', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rating_score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('num_ratings', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('characters_creator_idx')
    .on('characters')
    .columns(['creator_user_id', 'created_at desc'])
    .execute();

  for (const table of ['character_favorites', 'character_dislikes']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('character_id', 'uuid', (c) =>
        c.notNull().references('characters.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'character_id'])
      .execute();
    await db.schema
      .createIndex(`${table}_user_created_idx`)
      .on(table)
      .columns(['user_id', 'created_at desc'])
      .execute();
    await db.schema
      .createIndex(`${table}_character_idx`)
      .on(table)
      .column('character_id')
      .execute();
  }

  await db.schema
    .createTable('character_ratings')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('character_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('value', 'smallint', (c) => c.notNull().check(sql`value in (1, 3, 5)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('character_ratings_pk', ['user_id', 'character_id'])
    .execute();
  await db.schema
    .createIndex('character_ratings_character_idx')
    .on('character_ratings')
    .column('character_id')
    .execute();

  await db.schema
    .createTable('creator_blocks')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creator_user_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('creator_blocks_pk', ['user_id', 'creator_user_id'])
    .addCheckConstraint('creator_blocks_not_self', sql`user_id <> creator_user_id`)
    .execute();

  await db.schema
    .createTable('character_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('character_id', 'uuid', (c) => c.notNull())
    .addColumn('issue_type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`issue_type in ('Guidelines', 'Categorization', 'Incorrect Authorization', 'Invalid')`,
        ),
    )
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('expected_resolution', 'text', (c) =>
      c.notNull().check(sql`expected_resolution in ('private', 'modified', 'deleted')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'resolved', 'dismissed')`),
    )
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('character_reports_status_created_idx')
    .on('character_reports')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('character_reports').execute();
  await db.schema.dropTable('creator_blocks').execute();
  await db.schema.dropTable('character_ratings').execute();
  await db.schema.dropTable('character_dislikes').execute();
  await db.schema.dropTable('character_favorites').execute();
  await db.schema.dropIndex('characters_creator_idx').execute();
  await db.schema
    .alterTable('characters')
    .dropColumn('moderation_status')
    .dropColumn('moderation_reasons')
    .dropColumn('moderation_action')
    .dropColumn('manual_review_requested')
    .dropColumn('avatar_is_nsfw')
    .dropColumn('rating_score')
    .dropColumn('num_ratings')
    .execute();
}
