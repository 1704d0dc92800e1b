/**
 * The exact prompt of each bot reply and how it filled the context budget (issue 11 §8): the chat's
 * context meter reads the newest one, a bot's creator (and an admin) opens any. Removed with the reply.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reply_prompts')
    .addColumn('message_id', 'uuid', (c) =>
      c.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('context_tokens', 'integer', (c) => c.notNull())
    .addColumn('messages', 'jsonb', (c) => c.notNull())
    .addColumn('report', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('reply_prompts_conversation_created')
    .on('reply_prompts')
    .columns(['conversation_id', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_prompts').execute();
}
