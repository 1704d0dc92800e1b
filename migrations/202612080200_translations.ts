/**
 * Character translation (issue 26 item 3): a chatbot's translation into one language, one row per
 * chatbot and language. The row is also the run's claim: while it is queued or translating no other
 * run starts, and a worker writes only under the run id it was given. The translated text is written
 * once, whole, with the chatbot's updated_at it was made from (an edit since makes it stale).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('character_translations')
    .addColumn('character_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'translating', 'done', 'failed')`),
    )
    .addColumn('run_id', 'uuid', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('field', 'text')
    .addColumn('error', 'text')
    .addColumn('name', 'text')
    .addColumn('title', 'text')
    .addColumn('greeting', 'text')
    .addColumn('persona', 'text')
    .addColumn('scenario', 'text')
    .addColumn('dialogue', 'text')
    .addColumn('source_updated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('character_translations_pkey', ['character_id', 'language'])
    // A finished translation has every field and its source; nothing half-stored is ever shown.
    .addCheckConstraint(
      'character_translations_done_check',
      sql`(state = 'done') = (name is not null and title is not null and greeting is not null
        and persona is not null and scenario is not null and dialogue is not null
        and source_updated_at is not null)`,
    )
    .addCheckConstraint(
      'character_translations_failed_check',
      sql`(state = 'failed') = (error is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('character_translations').execute();
}
