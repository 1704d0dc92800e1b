/**
 * The creators leaderboard (issue 25 item 1, product-rules.md §3 "Leaderboard entry", §9):
 * - leaderboard_months: one row per computed month; pending until an admin approves it, and only
 *   approved months are shown to non-admins.
 * - leaderboard_entries: the top creators of a month per category (new: bots created in the month;
 *   all: every bot), with rank, score and last month's rank for the M/M column.
 * - leaderboard_prizes: a month's prizes, one per member per month (the primary key), each granted once
 *   as a free month of a plan through a subscription of the 'prize' platform.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leaderboard_months')
    .addColumn('month', 'text', (c) =>
      c.primaryKey().check(sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved')`),
    )
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('leaderboard_entries')
    .addColumn('month', 'text', (c) =>
      c.notNull().references('leaderboard_months.month').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('new', 'all')`))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('num_bots', 'integer', (c) => c.notNull())
    .addColumn('previous_rank', 'integer')
    .addPrimaryKeyConstraint('leaderboard_entries_pk', ['month', 'type', 'rank'])
    .addUniqueConstraint('leaderboard_entries_user_uq', ['month', 'type', 'user_id'])
    .execute();

  await db.schema
    .createTable('leaderboard_prizes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) =>
      c.notNull().references('leaderboard_months.month').onDelete('cascade'),
    )
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('top', 'lower')`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('new', 'all')`))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    /** granted: the free month was given; subscribed: the member pays already and kept their plan. */
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('granted', 'subscribed')`),
    )
    .addColumn('subscription_id', 'uuid', (c) =>
      c.references('subscriptions.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('leaderboard_prizes_pk', ['user_id', 'month'])
    .execute();
  await db.schema
    .createIndex('leaderboard_prizes_month_idx')
    .on('leaderboard_prizes')
    .column('month')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leaderboard_prizes').execute();
  await db.schema.dropTable('leaderboard_entries').execute();
  await db.schema.dropTable('leaderboard_months').execute();
}
