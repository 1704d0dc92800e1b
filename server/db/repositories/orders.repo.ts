/**
 * Orders: every charge asked of a gateway. An order is unique per member and idempotency key, so a
 * retried request finds the order it made; its status moves pending → requires_action → paid or
 * failed, and only a conditional update moves it to paid, so two reports of one payment grant once.
 */
import type { Db } from '../database';
import type { OrderKindColumn, OrderRow, OrderStatusColumn } from '../tables';
import type { BillingDetails } from '#shared/rules/checkout';
import { addressColumns, addressOf } from './billing-address';

export interface OrderRecord {
  id: string;
  userId: string | null;
  kind: OrderKindColumn;
  planId: string;
  offerId: string;
  subscriptionId: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  taxRate: number;
  total: number;
  couponCode: string | null;
  paymentMethod: string;
  status: OrderStatusColumn;
  gateway: string;
  paymentRef: string | null;
  paymentMethodRef: string | null;
  attempt: number;
  isUnsettled: boolean;
  failureMessage: string | null;
  idempotencyKey: string;
  billing: BillingDetails;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

function toOrder(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    planId: row.plan_id,
    offerId: row.offer_id,
    subscriptionId: row.subscription_id,
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    tax: row.tax,
    taxRate: Number(row.tax_rate),
    total: row.total,
    couponCode: row.coupon_code,
    paymentMethod: row.payment_method,
    status: row.status,
    gateway: row.gateway,
    paymentRef: row.payment_ref,
    paymentMethodRef: row.payment_method_ref,
    attempt: row.attempt,
    isUnsettled: row.is_unsettled,
    failureMessage: row.failure_message,
    idempotencyKey: row.idempotency_key,
    billing: addressOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    paidAt: row.paid_at,
  };
}

/** What a new order is made of: the record's terms and payer, and where the request came from. */
export type NewOrder = Pick<
  OrderRecord,
  | 'kind'
  | 'planId'
  | 'offerId'
  | 'subscriptionId'
  | 'currency'
  | 'subtotal'
  | 'discount'
  | 'tax'
  | 'taxRate'
  | 'total'
  | 'couponCode'
  | 'paymentMethod'
  | 'gateway'
  | 'idempotencyKey'
  | 'billing'
> & { userId: string; platform: string; sessionId: string };

/** Inserts an order unless the member already has one under this key: then null (find it instead). */
export async function insertOnce(db: Db, order: NewOrder): Promise<OrderRecord | null> {
  const row = await db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      kind: order.kind,
      plan_id: order.planId,
      offer_id: order.offerId,
      subscription_id: order.subscriptionId,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      tax: order.tax,
      tax_rate: order.taxRate,
      total: order.total,
      coupon_code: order.couponCode,
      payment_method: order.paymentMethod,
      status: 'pending',
      gateway: order.gateway,
      idempotency_key: order.idempotencyKey,
      ...addressColumns(order.billing),
      platform: order.platform,
      session_id: order.sessionId,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toOrder(row);
}

export async function findByKey(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row && toOrder(row);
}

export async function findById(db: Db, id: string): Promise<OrderRecord | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOrder(row);
}

/** Reads an order and locks it until the transaction ends. */
export async function lockById(db: Db, id: string): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toOrder(row);
}

export async function findByPaymentRef(
  db: Db,
  gateway: string,
  paymentRef: string,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst();
  return row && toOrder(row);
}

/** Marks the start of a charge: its attempt number and the card, and that its answer is not yet heard. */
export async function startAttempt(
  db: Db,
  id: string,
  paymentMethodRef: string | null,
): Promise<OrderRecord> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({
      attempt: eb('attempt', '+', 1),
      is_unsettled: true,
      payment_method_ref: paymentMethodRef,
      failure_message: null,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrder(row);
}

/** Records what the gateway answered for an order still open. */
export async function recordAnswer(
  db: Db,
  id: string,
  answer: {
    status: 'pending' | 'requires_action';
    paymentRef: string | null;
    isUnsettled: boolean;
  },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      status: answer.status,
      payment_ref: answer.paymentRef,
      is_unsettled: answer.isUnsettled,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requires_action'])
    .execute();
}

/**
 * Marks an open order paid; false when it was not open (already paid or failed), so whoever reports
 * the payment second grants nothing.
 */
export async function markPaid(
  db: Db,
  id: string,
  paymentRef: string | null,
  subscriptionId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      status: 'paid',
      payment_ref: paymentRef === null ? eb.ref('payment_ref') : eb.val(paymentRef),
      subscription_id: subscriptionId === null ? eb.ref('subscription_id') : eb.val(subscriptionId),
      is_unsettled: false,
      failure_message: null,
      paid_at: new Date(),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requires_action', 'failed'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Links a paid order to the subscription it started. */
export async function setSubscription(db: Db, id: string, subscriptionId: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ subscription_id: subscriptionId })
    .where('id', '=', id)
    .execute();
}

/** Marks an open order failed with the reason to show; false when it was no longer open. */
export async function markFailed(
  db: Db,
  id: string,
  message: string,
  paymentRef: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      status: 'failed',
      failure_message: message,
      payment_ref: paymentRef === null ? eb.ref('payment_ref') : eb.val(paymentRef),
      is_unsettled: false,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'requires_action'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A failed order opened again for another attempt (a retry after a decline, with the same key). */
export async function reopen(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'pending', updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The member's purchases still open (waiting on the member, or on an answer never heard). */
export async function listOpenPurchases(db: Db, userId: string): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'subscribe')
    .where('status', 'in', ['pending', 'requires_action'])
    .execute();
  return rows.map(toOrder);
}

/** The paid order that started a subscription (the portal names the subscription by it). */
export async function findFirstPaid(
  db: Db,
  subscriptionId: string,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'subscribe')
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .executeTakeFirst();
  return row && toOrder(row);
}

/** The latest unpaid renewal of a subscription, if one is waiting (grace's amount due). */
export async function findOpenRenewal(
  db: Db,
  subscriptionId: string,
): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('kind', '=', 'renewal')
    .where('status', '!=', 'paid')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && toOrder(row);
}

/** Orders left open past `before` whose charge may have gone through: the settling sweep's work. */
export async function listStale(db: Db, before: Date, limit: number): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['pending', 'requires_action'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map(toOrder);
}
