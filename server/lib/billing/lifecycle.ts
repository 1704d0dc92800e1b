/**
 * The subscription engine (product-rules.md §4 "Subscription", "Plan change"): how a charge is asked
 * for, and what a payment's outcome does to the order, the subscription and the member's role. The
 * checkout, the portal, gateway webhooks and the renewal job all end here, so each outcome is applied
 * once whoever reports it first:
 * - an order moves to paid or failed by a conditional update; the loser of a race applies nothing;
 * - the change of subscription and role is in the same transaction, and the member is told after it.
 */
import { UnrecoverableError } from 'bullmq';
import { paidRoles, type PaidRole } from '#shared/schemas/billing';
import type { BillingDetails } from '#shared/rules/checkout';
import type { Role } from '#shared/schemas/user';
import type { Db } from '../../db/database';
import * as audit from '../../db/repositories/audit-log.repo';
import * as billing from '../../db/repositories/billing.repo';
import * as orders from '../../db/repositories/orders.repo';
import type { OrderRecord } from '../../db/repositories/orders.repo';
import * as subscriptions from '../../db/repositories/subscriptions.repo';
import type { SubscriptionRecord } from '../../db/repositories/subscriptions.repo';
import * as users from '../../db/repositories/users.repo';
import { announceAccountChange } from '../account-events';
import { AppError } from '../errors';
import type { Logger } from '../log';
import type { Redis } from '../redis';
import type { Catalog } from './catalog';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from './gateway';
import { addPeriod, totalsOf } from './pricing';

export interface BillingDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  catalog: Catalog;
  /** Null when payments are switched off (PAYMENT_GATEWAY=disabled). */
  gateway: PaymentGateway | null;
  log: Logger;
  /** The address people open: where gateways send browsers back. */
  publicUrl: string;
  /** Schedules the job that ends a subscription at `at` (its recur_at), so access ends on time. */
  scheduleEnd: (subscriptionId: string, at: Date) => Promise<void>;
}

export function gatewayOf(deps: Pick<BillingDeps, 'gateway'>): PaymentGateway {
  if (deps.gateway === null) throw new AppError('payments_unavailable');
  return deps.gateway;
}

/** Where the 3-D Secure page sends the browser back for an order (routes/payments.routes.ts). */
export function threeDsReturnUrl(deps: Pick<BillingDeps, 'publicUrl'>, orderId: string): string {
  return `${deps.publicUrl}/api/checkout/3ds/return?order=${encodeURIComponent(orderId)}`;
}

const staffRoles: readonly Role[] = ['employee', 'admin'];

function isPaidRole(role: Role): role is PaidRole {
  return paidRoles.some((r) => r === role);
}

/**
 * Moves a member to the tier a subscription grants (`tier`), or off it (null) back to free. Staff keep
 * their role: they hold every feature already.
 */
async function moveRole(
  trx: Db,
  userId: string,
  tier: PaidRole | null,
  reason: string,
): Promise<void> {
  const current = await users.roleOf(trx, userId);
  if (current === undefined || staffRoles.includes(current)) return;
  const next: Role = tier ?? (isPaidRole(current) ? 'free_tier' : current);
  if (next === current) return;
  await users.setRole(trx, userId, next);
  await audit.insert(trx, {
    actorUserId: null,
    action: 'user.role_changed',
    targetUserId: userId,
    details: { from: current, to: next, reason },
  });
}

function planOf(deps: Pick<BillingDeps, 'catalog'>, planId: string) {
  const plan = deps.catalog.plan(planId);
  // A plan the operator removed while members still hold it: its order cannot be applied by a retry.
  if (plan === undefined) throw new UnrecoverableError(`plan ${planId} is no longer configured`);
  return plan;
}

/** What applying an outcome did, for the caller's answer. */
export interface Applied {
  order: OrderRecord;
  subscription: SubscriptionRecord | null;
}

/**
 * Applies a payment that went through: the order is paid, and by its kind a subscription starts, is
 * upgraded, or is renewed for another period, with the member's role. Nothing happens when the order
 * was settled already (the other report of the same payment got there first).
 */
export async function applyPaid(
  deps: BillingDeps,
  orderId: string,
  paymentRef: string | null,
  now: Date = new Date(),
): Promise<Applied> {
  const { applied, userToTell } = await deps.db.transaction().execute(async (trx) => {
    const order = await orders.lockById(trx, orderId);
    if (order === undefined) throw new AppError('not_found');
    if (order.status === 'paid' || order.userId === null) {
      const sub =
        order.subscriptionId === null
          ? null
          : await subscriptions.findById(trx, order.subscriptionId);
      return { applied: { order, subscription: sub ?? null }, userToTell: null };
    }
    if (order.status === 'failed') {
      // The gateway took the money after we had given up on it (a lost answer, a late 3-D Secure):
      // the member gets what they paid for; its coupon was given back and stays so.
      deps.log.warn({ orderId: order.id }, 'a payment succeeded after its order had failed');
    }
    const plan = planOf(deps, order.planId);
    const userId = order.userId;
    const sub = await subscriptionAfterPayment(deps, trx, order, now);
    await orders.markPaid(trx, order.id, paymentRef, sub.id);
    await moveRole(trx, userId, plan.role, `order.${order.kind}`);
    const paid = await orders.findById(trx, order.id);
    return { applied: { order: paid ?? order, subscription: sub }, userToTell: userId };
  });
  if (userToTell !== null) await announceAccountChange(deps, userToTell);
  return applied;
}

/** The subscription a paid order starts, upgrades or renews. */
async function subscriptionAfterPayment(
  deps: BillingDeps,
  trx: Db,
  order: OrderRecord,
  now: Date,
): Promise<SubscriptionRecord> {
  const plan = planOf(deps, order.planId);
  const userId = order.userId ?? '';
  const renews = deps.catalog.paymentMethods.find((m) => m.code === order.paymentMethod)?.renews;
  if (order.kind === 'subscribe') {
    const live = await subscriptions.findLive(trx, userId);
    if (live === undefined) {
      return subscriptions.insert(trx, {
        userId,
        platform: 'card',
        planId: plan.planId,
        autoRenew: renews ?? false,
        periodStartedAt: now,
        recurAt: addPeriod(now, plan.period),
        externalRef: null,
      });
    }
    // Two purchases paid at once (checkout refuses a second one, so only a race gets here): the
    // later payment starts a fresh period on its plan rather than being lost.
    const restarted = await subscriptions.change(trx, live.id, ['active', 'cancelled', 'grace'], {
      status: 'active',
      planId: plan.planId,
      autoRenew: renews ?? false,
      periodStartedAt: now,
      recurAt: addPeriod(now, plan.period),
      graceUntil: null,
      nextPlanId: null,
      cancelledAt: null,
    });
    deps.log.warn(
      { orderId: order.id, userId },
      'a second purchase was paid for a live subscription',
    );
    return restarted ?? live;
  }
  const sub =
    order.subscriptionId === null
      ? undefined
      : await subscriptions.lockById(trx, order.subscriptionId);
  if (sub === undefined) throw new UnrecoverableError(`order ${order.id} has no subscription`);
  if (order.kind === 'upgrade') {
    const upgraded = await subscriptions.change(trx, sub.id, ['active', 'grace'], {
      planId: plan.planId,
      nextPlanId: null,
    });
    return upgraded ?? sub;
  }
  // A renewal: the next period starts where the paid one ended, on the plan the order charged for.
  const renewed = await subscriptions.change(trx, sub.id, ['active', 'grace'], {
    status: 'active',
    planId: plan.planId,
    periodStartedAt: sub.recurAt,
    recurAt: addPeriod(sub.recurAt, plan.period),
    graceUntil: null,
    nextPlanId: null,
  });
  return renewed ?? sub;
}

/**
 * Applies a payment that failed: the order fails with the message to show and gives its coupon back;
 * a failed renewal puts the subscription in grace until the grace period ends.
 */
export async function applyFailed(
  deps: BillingDeps,
  orderId: string,
  message: string,
  paymentRef: string | null,
): Promise<Applied> {
  const { applied, toTell } = await deps.db.transaction().execute(async (trx) => {
    const order = await orders.lockById(trx, orderId);
    if (order === undefined) throw new AppError('not_found');
    const sub =
      order.subscriptionId === null
        ? null
        : ((await subscriptions.lockById(trx, order.subscriptionId)) ?? null);
    if (!(await orders.markFailed(trx, order.id, message, paymentRef))) {
      return { applied: { order, subscription: sub }, toTell: null };
    }
    await billing.releaseCoupon(trx, order.id);
    let after = sub;
    let member: string | null = null;
    if (order.kind === 'renewal' && sub !== null && sub.status === 'active') {
      const graceUntil = new Date(sub.recurAt.getTime() + deps.catalog.graceDays * 86_400_000);
      after =
        (await subscriptions.change(trx, sub.id, ['active'], { status: 'grace', graceUntil })) ??
        sub;
      member = order.userId;
    }
    const failed = (await orders.findById(trx, order.id)) ?? order;
    return { applied: { order: failed, subscription: after }, toTell: member };
  });
  if (toTell !== null) await announceAccountChange(deps, toTell);
  return applied;
}

/** Applies what a gateway answered for a charge (or reports later): paid, failed, or still waiting. */
export async function applyCharge(
  deps: BillingDeps,
  orderId: string,
  result: ChargeResult,
): Promise<Applied> {
  switch (result.status) {
    case 'succeeded':
      return applyPaid(deps, orderId, result.paymentRef);
    case 'failed':
      return applyFailed(deps, orderId, result.message, result.paymentRef);
    case 'requires_action':
    case 'processing': {
      await orders.recordAnswer(deps.db, orderId, {
        status: result.status === 'requires_action' ? 'requires_action' : 'pending',
        paymentRef: result.paymentRef,
        isUnsettled: false,
      });
      const order = await orders.findById(deps.db, orderId);
      if (order === undefined) throw new AppError('not_found');
      return { order, subscription: null };
    }
  }
}

/**
 * Charges an open order with a saved card. A retry of an order whose last charge went unanswered asks
 * again with that attempt's key and card, so the gateway answers what it did rather than charging twice;
 * otherwise a new attempt starts. A gateway that does not answer leaves the order unsettled and throws
 * payment_gateway_error: the member may retry, and the gateway's webhook settles it if money moved.
 */
export async function chargeOrder(
  deps: BillingDeps,
  order: OrderRecord,
  payer: { customerRef: string; paymentMethodRef: string; offSession: boolean },
): Promise<Charged> {
  const gateway = gatewayOf(deps);
  const isReplay = order.isUnsettled && order.paymentMethodRef !== null;
  const attempt = isReplay
    ? order
    : await orders.startAttempt(deps.db, order.id, payer.paymentMethodRef);
  let result: ChargeResult;
  try {
    result = await gateway.charge({
      orderId: order.id,
      amount: order.total,
      currency: order.currency,
      customerRef: payer.customerRef,
      paymentMethodRef: attempt.paymentMethodRef ?? payer.paymentMethodRef,
      offSession: payer.offSession,
      idempotencyKey: lastAttemptKey(attempt),
      returnUrl: threeDsReturnUrl(deps, order.id),
      description: `${deps.catalog.plan(order.planId)?.name ?? order.planId} (${order.kind})`,
    });
  } catch (err) {
    if (err instanceof GatewayUnavailableError) {
      deps.log.warn({ err, orderId: order.id }, 'payment gateway did not answer');
      throw new AppError('payment_gateway_error', { cause: err });
    }
    throw err;
  }
  const applied = await applyCharge(deps, order.id, result);
  return { ...applied, actionUrl: result.status === 'requires_action' ? result.actionUrl : null };
}

/** The gateway idempotency key of an order's latest charge attempt. */
export function lastAttemptKey(order: Pick<OrderRecord, 'id' | 'attempt'>): string {
  return `order-${order.id}-${String(order.attempt)}`;
}

/** What a charge ended in, with the 3-D Secure page to open when it waits on the member. */
export type Charged = Applied & { actionUrl: string | null };

/**
 * Renews a due card subscription: one renewal order per period (its key names the period), charged
 * off-session with the saved card, on the plan chosen for the next cycle. Without a usable card the
 * renewal fails at once, so the subscription goes into grace and 'Pay amount due' is offered.
 */
export async function renewSubscription(
  deps: BillingDeps,
  sub: SubscriptionRecord,
): Promise<Applied> {
  const plan = planOf(deps, sub.nextPlanId ?? sub.planId);
  const profile = await billing.findProfile(deps.db, sub.userId);
  const taxRate = profile === undefined ? 0 : deps.catalog.taxRate(profile.country, profile.state);
  const totals = totalsOf(plan.price, 0, taxRate);
  const key = `renewal-${sub.id}-${String(sub.recurAt.getTime())}`;
  const order =
    (await orders.insertOnce(deps.db, {
      userId: sub.userId,
      kind: 'renewal',
      planId: plan.planId,
      offerId: plan.offerId,
      subscriptionId: sub.id,
      currency: plan.currency,
      subtotal: totals.subtotal,
      discount: 0,
      tax: totals.tax,
      taxRate,
      total: totals.total,
      couponCode: null,
      paymentMethod: 'card',
      gateway: deps.gateway?.name ?? 'none',
      idempotencyKey: key,
      billing: billingOf(profile),
      platform: 'web',
      sessionId: '',
    })) ?? (await orders.findByKey(deps.db, sub.userId, key));
  if (order === undefined) throw new Error(`renewal order ${key} vanished`);
  if (order.status === 'paid' || order.status === 'failed') return { order, subscription: sub };
  if (profile?.customerRef == null || profile.paymentMethodRef === null || profile.isCardRemoved) {
    return applyFailed(deps, order.id, 'There is no card on file to charge.', null);
  }
  return chargeOrder(deps, order, {
    customerRef: profile.customerRef,
    paymentMethodRef: profile.paymentMethodRef,
    offSession: true,
  });
}

/** The billing details an order keeps, from the member's profile (blank when there is none). */
export function billingOf(profile: billing.BillingProfile | undefined): BillingDetails {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    country: profile?.country ?? '',
    state: profile?.state ?? '',
    postalCode: profile?.postalCode ?? '',
  };
}

/**
 * Ends a subscription: expired, and the member back to free. Only from `from` (an active card
 * subscription is renewed, not ended, unless it does not renew by itself).
 */
export async function endSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  reason: 'cancelled' | 'grace_over' | 'not_renewed' | 'pledge_ended' | 'account_removed',
  now: Date = new Date(),
): Promise<boolean> {
  const userId = await deps.db.transaction().execute(async (trx) => {
    const sub = await subscriptions.lockById(trx, subscriptionId);
    if (sub === undefined || sub.status === 'expired') return null;
    const ended = await subscriptions.change(trx, sub.id, [sub.status], {
      status: 'expired',
      endedAt: now,
      nextPlanId: null,
    });
    if (ended === undefined) return null;
    await moveRole(trx, sub.userId, null, `subscription.${reason}`);
    return sub.userId;
  });
  if (userId === null) return false;
  await announceAccountChange(deps, userId);
  return true;
}

/**
 * Grants what a pledge at a pledge service pays for: the member's pledge subscription (started, or moved
 * to the new tier and end date) and its role. Refused ('subscribed') while a card subscription is live.
 */
export async function grantPledge(
  deps: BillingDeps,
  input: {
    userId: string;
    service: 'subscribestar';
    accountRef: string;
    tierId: string;
    role: PaidRole;
    activeUntil: Date;
  },
  now: Date = new Date(),
): Promise<'granted' | 'subscribed'> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await users.lockById(trx, input.userId);
    const live = await subscriptions.findLive(trx, input.userId);
    const planId = `${input.service}:${input.tierId}`;
    if (live !== undefined && live.platform !== input.service) return 'subscribed' as const;
    if (live === undefined) {
      await subscriptions.insert(trx, {
        userId: input.userId,
        platform: input.service,
        planId,
        autoRenew: false,
        periodStartedAt: now,
        recurAt: input.activeUntil,
        externalRef: input.accountRef,
      });
    } else {
      await subscriptions.change(trx, live.id, ['active', 'cancelled', 'grace'], {
        status: 'active',
        planId,
        recurAt: input.activeUntil,
        externalRef: input.accountRef,
      });
    }
    await moveRole(trx, input.userId, input.role, `pledge.${input.service}`);
    return 'granted' as const;
  });
  if (outcome === 'granted') await announceAccountChange(deps, input.userId);
  return outcome;
}

/**
 * Grants a creators-leaderboard prize (product-rules.md §9): a free month of the prize's plan, as a
 * subscription of the 'prize' platform that does not renew, so the billing sweep ends it like any other
 * and the tier logic reads the role it moved. A member holding a prize month already gets it extended
 * by a month (on the higher tier); a member paying through another platform keeps their plan
 * ('subscribed'). `claim` runs first in the same transaction and answers whether this run is the one
 * that grants it (the prize row of the member and month): a second run, or a concurrent one, does
 * nothing ('already').
 */
export async function grantPrize(
  deps: Pick<BillingDeps, 'db' | 'redis' | 'prefix'>,
  input: {
    userId: string;
    role: PaidRole;
    claim: (trx: Db) => Promise<boolean>;
    settle: (
      trx: Db,
      outcome: 'granted' | 'subscribed',
      subscriptionId: string | null,
    ) => Promise<void>;
  },
  now: Date = new Date(),
): Promise<'granted' | 'subscribed' | 'already'> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await users.lockById(trx, input.userId);
    if (!(await input.claim(trx))) return 'already' as const;
    const live = await subscriptions.findLive(trx, input.userId);
    if (live !== undefined && live.platform !== 'prize') {
      await input.settle(trx, 'subscribed', live.id);
      return 'subscribed' as const;
    }
    let subscriptionId: string;
    let role = input.role;
    if (live === undefined) {
      const sub = await subscriptions.insert(trx, {
        userId: input.userId,
        platform: 'prize',
        planId: prizePlanId(role),
        autoRenew: false,
        periodStartedAt: now,
        recurAt: addPeriod(now, 'monthly'),
        externalRef: null,
      });
      subscriptionId = sub.id;
    } else {
      const held = roleOfPrizePlan(live.planId);
      if (held !== null && paidRoles.indexOf(held) > paidRoles.indexOf(role)) role = held;
      const from = live.recurAt.getTime() > now.getTime() ? live.recurAt : now;
      await subscriptions.change(trx, live.id, ['active', 'cancelled', 'grace'], {
        status: 'active',
        planId: prizePlanId(role),
        recurAt: addPeriod(from, 'monthly'),
      });
      subscriptionId = live.id;
    }
    await input.settle(trx, 'granted', subscriptionId);
    await moveRole(trx, input.userId, role, 'leaderboard.prize');
    return 'granted' as const;
  });
  if (outcome === 'granted') await announceAccountChange(deps, input.userId);
  return outcome;
}

/** The plan id of a prize subscription: 'prize:<role>'. */
export function prizePlanId(role: PaidRole): string {
  return `prize:${role}`;
}

function roleOfPrizePlan(planId: string): PaidRole | null {
  const role = planId.startsWith('prize:') ? planId.slice('prize:'.length) : '';
  return paidRoles.find((r) => r === role) ?? null;
}

/** Whether a subscription is due for the job at `now`, and for what. */
export function dueAction(
  sub: SubscriptionRecord,
  now: Date,
): 'renew' | 'end_cancelled' | 'end_not_renewed' | 'end_grace' | null {
  const isDue = sub.recurAt.getTime() <= now.getTime();
  switch (sub.status) {
    case 'active':
      if (!isDue) return null;
      return sub.autoRenew ? 'renew' : 'end_not_renewed';
    case 'cancelled':
      return isDue ? 'end_cancelled' : null;
    case 'grace':
      return sub.graceUntil !== null && sub.graceUntil.getTime() <= now.getTime()
        ? 'end_grace'
        : null;
    case 'expired':
      return null;
  }
}
