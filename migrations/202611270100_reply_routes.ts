/**
 * Which model wrote each bot reply when its member has their own OpenAI key (issue 11, item 11): their
 * key, or the platform's model after their key failed in hybrid mode (with the failure's code).
 * Replies written by the platform alone get no row. Removed with the reply.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reply_routes')
    .addColumn('message_id', 'uuid', (c) =>
      c.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('route', 'text', (c) =>
      c.notNull().check(sql`route in ('own_key', 'own_key_fallback')`),
    )
    .addColumn('fallback_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_routes').execute();
}
