/**
 * Feedback on chat messages (issue 11): a bot message's star rating with its reasons, set once, and
 * reports of single messages. A report goes with its message (removing messages removes their reports).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('rating', 'text', (c) =>
      c.check(sql`rating in ('Terrible', 'Bad', 'Great', 'Fantastic')`),
    )
    .addColumn('rating_reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();

  await db.schema
    .createTable('message_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message_id', 'uuid', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('conversation_id', 'uuid', (c) => c.notNull())
    .addColumn('character_id', 'uuid', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('message_reports_message_idx')
    .on('message_reports')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_reports').execute();
  await db.schema
    .alterTable('messages')
    .dropColumn('rating_reasons')
    .dropColumn('rating')
    .execute();
}
