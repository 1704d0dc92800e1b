/**
 * Email notifications (issue 25 item 6): a member's consent per kind of mail (a row while it is on; off
 * until they opt in), with the brand they opted in through, and the last mail of each conversation,
 * which is both the cooldown and the claim that keeps a retried job from mailing twice.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_notification_consents')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('missed_reply')`))
    .addColumn('application_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('email_notification_consents_pkey', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('email_notification_sends')
    .addColumn('conversation_id', 'uuid', (c) =>
      c.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'uuid', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_notification_sends').execute();
  await db.schema.dropTable('email_notification_consents').execute();
}
