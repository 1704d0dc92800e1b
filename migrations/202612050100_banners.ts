/**
 * Banners (issue 25 item 2): promotional banners admins manage. The targeting and schedule are columns
 * (the server filters on them); the look (texts, colours, images, actions) is one jsonb document the
 * server parses with the shared schema on every read.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('banners')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('placement', 'text', (c) =>
      c.notNull().check(sql`placement in ('top', 'bottom', 'inline', 'popup')`),
    )
    .addColumn('screens', sql`text[]`, (c) => c.notNull())
    .addColumn('platforms', sql`text[]`, (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('closable', 'boolean', (c) => c.notNull())
    .addColumn('transition_ms', 'integer', (c) =>
      c.notNull().check(sql`transition_ms between 0 and 10000`),
    )
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'banners_window_check',
      sql`starts_at is null or ends_at is null or ends_at > starts_at`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('banners').execute();
}
