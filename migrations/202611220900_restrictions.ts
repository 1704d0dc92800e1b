/**
 * Account restrictions (Terminated, Temporary Hold, Restricted, shadowban) set and lifted by admins, and
 * the audit log every admin change writes. A restriction is active while not lifted and not expired.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restrictions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('restriction_full', 'restriction_full_time', 'restriction_limited', 'shadowban')`,
        ),
    )
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('lifted_at', 'timestamptz')
    .addColumn('lifted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint(
      'restrictions_hold_expires',
      sql`type <> 'restriction_full_time' or expires_at is not null`,
    )
    .addCheckConstraint(
      'restrictions_full_permanent',
      sql`type <> 'restriction_full' or expires_at is null`,
    )
    .execute();
  await db.schema
    .createIndex('restrictions_user_unlifted_idx')
    .on('restrictions')
    .column('user_id')
    .where(sql.ref('lifted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('restrictions').execute();
}
