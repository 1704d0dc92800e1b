/**
 * Personas (issue 11): the identities a member chats as. Each member has at most one default persona
 * (a partial unique index); a conversation keeps the persona it was started or switched to, and falls
 * back to none when that persona is removed (the service moves its chats to the default first). The
 * member's "Don't show this again" choice for the persona picker is kept on the user.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('personas')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('highlights', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('personas_user_created_idx')
    .on('personas')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('personas_one_default_idx')
    .on('personas')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('user_persona_id', 'uuid', (c) => c.references('personas.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('conversations_user_persona_idx')
    .on('conversations')
    .column('user_persona_id')
    .where(sql.ref('user_persona_id'), 'is not', null)
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('persona_choice_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('persona_choice_hidden').execute();
  await db.schema.alterTable('conversations').dropColumn('user_persona_id').execute();
  await db.schema.dropTable('personas').execute();
}
