/**
 * A member's billing profile (details and saved card, by the gateway's reference), coupon redemptions
 * counted against their limits, gateway events stored once, and pledge-service links.
 */
import type { CardSummary } from '#shared/schemas/billing';
import type { Db } from '../database';
import type { BillingProfileRow } from '../tables';
import type { BillingDetails } from '#shared/rules/checkout';
import { addressColumns, addressOf } from './billing-address';

export interface BillingProfile extends BillingDetails {
  userId: string;
  gateway: string;
  customerRef: string | null;
  paymentMethodRef: string | null;
  card: CardSummary | null;
  isCardRemoved: boolean;
}

function toProfile(row: BillingProfileRow): BillingProfile {
  return {
    userId: row.user_id,
    ...addressOf(row),
    gateway: row.gateway,
    customerRef: row.customer_ref,
    paymentMethodRef: row.payment_method_ref,
    card:
      row.card_last4 === null
        ? null
        : { last4: row.card_last4, type: row.card_type ?? '', exp: row.card_exp ?? '' },
    isCardRemoved: row.card_removed,
  };
}

export async function findProfile(db: Db, userId: string): Promise<BillingProfile | undefined> {
  const row = await db
    .selectFrom('billing_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toProfile(row);
}

/** Keeps the member's billing details (and the gateway's customer id once known). */
export async function saveDetails(
  db: Db,
  userId: string,
  details: BillingDetails & { gateway: string; customerRef: string },
): Promise<void> {
  const values = {
    ...addressColumns(details),
    gateway: details.gateway,
    customer_ref: details.customerRef,
    updated_at: new Date(),
  };
  await db
    .insertInto('billing_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Keeps the card the member's next charges use. */
export async function saveCard(
  db: Db,
  userId: string,
  paymentMethodRef: string,
  card: CardSummary,
): Promise<void> {
  await db
    .updateTable('billing_profiles')
    .set({
      payment_method_ref: paymentMethodRef,
      card_last4: card.last4,
      card_type: card.type,
      card_exp: card.exp,
      card_removed: false,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** The gateway says a saved card is gone; returns whose it was. */
export async function markCardRemoved(
  db: Db,
  gateway: string,
  paymentMethodRef: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('billing_profiles')
    .set({ card_removed: true, updated_at: new Date() })
    .where('gateway', '=', gateway)
    .where('payment_method_ref', '=', paymentMethodRef)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Reserves one redemption of a coupon for an order: refused ('exhausted') when the coupon's limit is
 * reached, ('used') when the member already redeemed a once-per-member coupon. Atomic under concurrency:
 * the count is one conditional increment, and the member check runs under that row's lock.
 */
export async function reserveCoupon(
  db: Db,
  input: {
    code: string;
    userId: string;
    orderId: string;
    maxRedemptions: number | null;
    oncePerMember: boolean;
  },
): Promise<'reserved' | 'exhausted' | 'used'> {
  await db
    .insertInto('coupon_usage')
    .values({ code: input.code })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const counted = await db
    .updateTable('coupon_usage')
    .set((eb) => ({ redeemed: eb('redeemed', '+', 1) }))
    .where('code', '=', input.code)
    .where((eb) =>
      input.maxRedemptions === null ? eb.val(true) : eb('redeemed', '<', input.maxRedemptions),
    )
    .returning('redeemed')
    .executeTakeFirst();
  if (counted === undefined) return 'exhausted';
  if (input.oncePerMember) {
    const earlier = await db
      .selectFrom('coupon_redemptions')
      .select('order_id')
      .where('code', '=', input.code)
      .where('user_id', '=', input.userId)
      .executeTakeFirst();
    if (earlier !== undefined) {
      await db
        .updateTable('coupon_usage')
        .set((eb) => ({ redeemed: eb('redeemed', '-', 1) }))
        .where('code', '=', input.code)
        .execute();
      return 'used';
    }
  }
  await db
    .insertInto('coupon_redemptions')
    .values({ order_id: input.orderId, code: input.code, user_id: input.userId })
    .execute();
  return 'reserved';
}

/** Gives back the redemption an order reserved (its payment failed). */
export async function releaseCoupon(db: Db, orderId: string): Promise<void> {
  const removed = await db
    .deleteFrom('coupon_redemptions')
    .where('order_id', '=', orderId)
    .returning('code')
    .executeTakeFirst();
  if (removed === undefined) return;
  await db
    .updateTable('coupon_usage')
    .set((eb) => ({ redeemed: eb('redeemed', '-', 1) }))
    .where('code', '=', removed.code)
    .execute();
}

/** Whether the member has redeemed a coupon before (on an order other than `orderId`). */
export async function hasRedeemed(
  db: Db,
  code: string,
  userId: string,
  orderId: string | null,
): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select('order_id')
    .where('code', '=', code)
    .where('user_id', '=', userId)
    .$if(orderId !== null, (q) => q.where('order_id', '<>', orderId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

/** Redemptions counted so far. */
export async function redemptionsOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_usage')
    .select('redeemed')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.redeemed ?? 0;
}

/**
 * Stores a gateway event id once; false when it was stored before (a replay or a second delivery).
 * Run it in the transaction that acts on the event, so an event whose handling failed is not kept.
 */
export async function recordEvent(
  db: Db,
  event: { gateway: string; id: string; type: string },
): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ gateway: event.gateway, event_id: event.id, type: event.type })
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets an event id whose handling failed, so its next delivery is handled. */
export async function forgetEvent(db: Db, event: { gateway: string; id: string }): Promise<void> {
  await db
    .deleteFrom('payment_events')
    .where('gateway', '=', event.gateway)
    .where('event_id', '=', event.id)
    .execute();
}

/** Links a member to an account at a pledge service; 'taken' when another member has linked it. */
export async function linkPledge(
  db: Db,
  link: { userId: string; service: string; accountRef: string; tier: string | null },
): Promise<'linked' | 'taken'> {
  const owner = await db
    .selectFrom('pledge_links')
    .select('user_id')
    .where('service', '=', link.service)
    .where('account_ref', '=', link.accountRef)
    .executeTakeFirst();
  if (owner !== undefined && owner.user_id !== link.userId) return 'taken';
  const values = {
    service: link.service,
    account_ref: link.accountRef,
    tier: link.tier,
    linked_at: new Date(),
  };
  const row = await db
    .insertInto('pledge_links')
    .values({ user_id: link.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning('user_id')
    .executeTakeFirst()
    .catch((err: unknown) => {
      // The account was linked to someone else between the read and the write.
      if (isUniqueViolation(err)) return undefined;
      throw err;
    });
  return row === undefined ? 'taken' : 'linked';
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}
