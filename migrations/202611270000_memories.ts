/**
 * Memories of a conversation (issue 11 §7; product-core.md "Memory"): what the user wrote or pinned, and
 * the auto memories the `memory` job summarises from turns that fell out of the context budget, each
 * linked to the messages it came from. Removed with their conversation; a link goes with its message.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('memory_type', 'text', (c) =>
      c.notNull().check(sql`memory_type in ('user', 'other')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The manager's order and the prompt's: pinned first, then newest first.
  await db.schema
    .createIndex('memories_conversation_order')
    .on('memories')
    .columns(['conversation_id', 'is_pinned desc', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createTable('memory_sources')
    .addColumn('memory_id', 'uuid', (c) =>
      c.notNull().references('memories.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'uuid', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('memory_sources_pkey', ['memory_id', 'message_id'])
    .execute();
  // A message is summarised at most once: the job skips messages that already have a memory.
  await db.schema
    .createIndex('memory_sources_message')
    .on('memory_sources')
    .column('message_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('memory_sources').execute();
  await db.schema.dropTable('memories').execute();
}
