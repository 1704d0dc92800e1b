/**
 * Group chats (issue 12; product-rules.md "Group chat"): a group is a character of type meta whose
 * members are other chatbots, in the order the creator picked them, one of which greets first. A
 * member removed from the library leaves the group (cascade), which may then fall below the minimum
 * and read as 'Group unavailable'. Each bot reply of a group chat names the member who spoke, and a
 * conversation remembers whether Auto Response is on.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('characters')
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('standard')
        .check(sql`type in ('standard', 'meta')`),
    )
    .addColumn('greeting_character_id', 'uuid', (c) =>
      c.references('characters.id').onDelete('set null'),
    )
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'uuid', (c) =>
      c.notNull().references('characters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'member_id'])
    .addCheckConstraint('group_members_not_self', sql`group_id <> member_id`)
    .execute();
  await db.schema
    .createIndex('group_members_member_idx')
    .on('group_members')
    .column('member_id')
    .execute();

  await db.schema
    .alterTable('messages')
    .addColumn('sub_character_id', 'uuid', (c) =>
      c.references('characters.id').onDelete('set null'),
    )
    .execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('auto_response', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('auto_response').execute();
  await db.schema.alterTable('messages').dropColumn('sub_character_id').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema
    .alterTable('characters')
    .dropColumn('greeting_character_id')
    .dropColumn('type')
    .execute();
}
