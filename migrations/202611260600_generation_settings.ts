/**
 * A member's inference settings (issue 11 §8): the chosen model and sampling, one row per member, the
 * platform defaults while there is none. The model id names an entry of the operator's registry, which
 * lives outside the database, so it carries no foreign key.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('generation_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('model_id', 'text')
    .addColumn('max_new_tokens', 'integer', (c) => c.notNull())
    .addColumn('temperature', 'real', (c) => c.notNull())
    .addColumn('top_p', 'real', (c) => c.notNull())
    .addColumn('top_k', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('generation_settings').execute();
}
