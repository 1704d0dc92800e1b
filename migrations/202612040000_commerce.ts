/**
 * Commerce (issue 23): what a member pays and what it grants.
 * - billing_profiles: the member's billing details and saved card (as the gateway keeps it, by reference).
 * - orders: every charge we ask a gateway for (a purchase, an upgrade, a renewal, a rebill), unique per
 *   member and idempotency key, so a retried request reaches the same order and is charged once.
 * - subscriptions: at most one live (not expired) per member; the renewal job reads them by recur_at.
 * - coupon_usage and coupon_redemptions: redemptions counted atomically against a coupon's limit.
 * - payment_events: every gateway webhook event id, stored once, so a replayed event does nothing.
 * - pledge_links: a member's account at a pledge service, linked once.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text')
    .addColumn('payment_method_ref', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_type', 'text')
    .addColumn('card_exp', 'text')
    .addColumn('card_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('active', 'cancelled', 'grace', 'expired')`),
    )
    .addColumn('auto_renew', 'boolean', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('period_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recur_at', 'timestamptz', (c) => c.notNull())
    .addColumn('grace_until', 'timestamptz')
    .addColumn('next_plan_id', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    /** The account at a pledge service that pays for it (platform subscribestar), or null. */
    .addColumn('external_ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('subscriptions_one_live_idx')
    .on('subscriptions')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '<>', 'expired')
    .execute();
  await db.schema
    .createIndex('subscriptions_due_idx')
    .on('subscriptions')
    .columns(['recur_at'])
    .where(sql.ref('status'), '<>', 'expired')
    .execute();
  await db.schema
    .createIndex('subscriptions_user_created_idx')
    .on('subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Orders are the money's record: they outlive the account (user_id null after its removal).
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('subscribe', 'upgrade', 'renewal')`),
    )
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'uuid', (c) =>
      c.references('subscriptions.id').onDelete('set null'),
    )
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('tax_rate', 'numeric', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'requires_action', 'paid', 'failed')`),
    )
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('payment_method_ref', 'text')
    /** Charges asked for this order; the gateway's idempotency key carries it. */
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    /** Whether the last charge asked for may have gone through without our hearing (a timeout). */
    .addColumn('is_unsettled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failure_message', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('orders_user_key_idx')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('orders_payment_ref_idx')
    .on('orders')
    .column('payment_ref')
    .execute();
  await db.schema
    .createIndex('orders_subscription_idx')
    .on('orders')
    .columns(['subscription_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('coupon_usage')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('order_id', 'uuid', (c) =>
      c.primaryKey().references('orders.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_member_idx')
    .on('coupon_redemptions')
    .columns(['code', 'user_id'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['gateway', 'event_id'])
    .execute();

  await db.schema
    .createTable('pledge_links')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('account_ref', 'text', (c) => c.notNull())
    .addColumn('tier', 'text')
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pledge_links_account_unique', ['service', 'account_ref'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pledge_links').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupon_usage').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('billing_profiles').execute();
}
