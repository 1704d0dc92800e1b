/**
 * The subscriber's portal (product-rules.md §2 /portal, §4 "Subscription", "Plan change", §7
 * "Subscription self-service"): the member's card subscriptions, and cancel, uncancel, change plan
 * (an upgrade charged now, prorated; anything else at the next billing cycle), change card and pay the
 * amount due. Each action names its subscription and order; another member's is not found. Actions run
 * under the member's lock, like a checkout, so two at once cannot both charge.
 */
import type { SubscriptionAction } from '#shared/api/billing';
import { parseExpiry } from '#shared/rules/checkout';
import type { Plan, Subscription } from '#shared/schemas/billing';
import * as billing from '../../db/repositories/billing.repo';
import * as orders from '../../db/repositories/orders.repo';
import * as subscriptions from '../../db/repositories/subscriptions.repo';
import type { SubscriptionRecord } from '../../db/repositories/subscriptions.repo';
import { frequencyOf, toMajor, type CatalogPlan } from '../../lib/billing/catalog';
import { CardRejectedError, GatewayUnavailableError } from '../../lib/billing/gateway';
import {
  billingOf,
  chargeOrder,
  gatewayOf,
  type BillingDeps,
  type Charged,
} from '../../lib/billing/lifecycle';
import { withMemberLock } from '../../lib/billing/member-lock';
import { changeKind, totalsOf, upgradePrice } from '../../lib/billing/pricing';
import type { MemberCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';

/** The plans a subscriber may change to: the same currency's standing offer, annual only for yearly subscribers. */
function changeablePlans(deps: BillingDeps, current: CatalogPlan): CatalogPlan[] {
  return deps.catalog.offers
    .filter((o) => o.currency === current.currency && o.startsAt === null && o.endsAt === null)
    .flatMap((o) => o.plans)
    .filter((p) => p.planId !== current.planId)
    .filter((p) => current.period === 'monthly' || p.period === 'annual');
}

function cardIsUnusable(profile: billing.BillingProfile | undefined, now: Date): boolean {
  if (profile?.card == null || profile.isCardRemoved) return true;
  return parseExpiry(profile.card.exp, now) === null;
}

function productOf(deps: BillingDeps, plan: CatalogPlan) {
  const p = deps.catalog.toPlan(plan);
  return {
    planId: p.planId,
    name: p.name,
    price: p.price,
    currency: p.currency,
    role: p.role,
    period: p.period,
  };
}

async function toSubscription(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  profile: billing.BillingProfile | undefined,
  now: Date,
): Promise<Subscription | null> {
  const current = deps.catalog.plan(sub.planId);
  const firstOrder = await orders.findFirstPaid(deps.db, sub.id);
  if (current === undefined || firstOrder === undefined) return null;
  const next = sub.nextPlanId === null ? undefined : deps.catalog.plan(sub.nextPlanId);
  const available: Plan[] = changeablePlans(deps, current).map((p) =>
    deps.catalog.toPlan(p, upgradePrice(current, p, sub.periodStartedAt, sub.recurAt, now)),
  );
  const due = sub.status === 'grace' ? await orders.findOpenRenewal(deps.db, sub.id) : undefined;
  return {
    orderId: firstOrder.id,
    subscriptionId: sub.id,
    subscriptionStatus: sub.status,
    platform: sub.platform,
    recurAt: sub.recurAt.toISOString(),
    graceUntil: sub.graceUntil?.toISOString() ?? null,
    frequency: frequencyOf(current.period),
    currentProduct: productOf(deps, current),
    nextProduct: next === undefined ? null : productOf(deps, next),
    availablePlans: available,
    creditCard: profile?.isCardRemoved === false ? profile.card : null,
    isCardDeleted: cardIsUnusable(profile, now),
    amountDue: due === undefined ? null : toMajor(due.total),
    autoRenews: sub.autoRenew,
  };
}

export async function listSubscriptions(
  deps: BillingDeps,
  caller: MemberCaller,
  now: Date = new Date(),
): Promise<Subscription[]> {
  const [subs, profile] = await Promise.all([
    subscriptions.listForUser(deps.db, caller.userId),
    billing.findProfile(deps.db, caller.userId),
  ]);
  const shown = await Promise.all(
    subs.filter((s) => s.platform === 'card').map((s) => toSubscription(deps, s, profile, now)),
  );
  return shown.filter((s): s is Subscription => s !== null);
}

export interface ActionResult {
  status: 'SUCCESS';
  subscriptionStatus: Subscription['subscriptionStatus'];
  message: string;
  iframe3dsUrl: string | null;
}

function dateOf(d: Date): string {
  return d.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function refuse(message: string): never {
  throw new AppError('subscription_action_invalid', { message });
}

/** A gateway call in the portal: no answer is the member's "try again", a refused card their input's. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayUnavailableError) {
      throw new AppError('payment_gateway_error', { cause: err });
    }
    if (err instanceof CardRejectedError) {
      throw new AppError('payment_card_invalid', { field: 'cardToken', cause: err });
    }
    throw err;
  }
}

export async function actOnSubscription(
  deps: BillingDeps,
  caller: MemberCaller,
  action: SubscriptionAction,
  now: Date = new Date(),
): Promise<ActionResult> {
  return withMemberLock(deps, caller.userId, async () => {
    const sub = await subscriptions.findById(deps.db, action.subscriptionId);
    const first = sub === undefined ? undefined : await orders.findFirstPaid(deps.db, sub.id);
    if (sub === undefined || sub.userId !== caller.userId || first?.id !== action.orderId) {
      throw new AppError('subscription_not_found');
    }
    if (sub.platform !== 'card') throw new AppError('subscription_managed_elsewhere');
    const profile = await billing.findProfile(deps.db, caller.userId);
    const cardGone = cardIsUnusable(profile, now);
    switch (action.action) {
      case 'cancel':
        return cancel(deps, sub, cardGone);
      case 'uncancel':
        return uncancel(deps, sub, now);
      case 'change_plan':
        if (cardGone) refuse('Add a card before changing plan.');
        return changePlan(deps, caller, sub, profile, action.planId, action.idempotencyKey, now);
      case 'change_card':
        if (cardGone) refuse('The card on file can no longer be changed here.');
        return changeCard(deps, caller, sub, profile, action.cardToken);
      case 'charge_rebill':
        return rebill(deps, sub, profile);
    }
  });
}

async function cancel(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  cardGone: boolean,
): Promise<ActionResult> {
  if (cardGone) refuse('This subscription cannot be cancelled here.');
  if (sub.status !== 'active' || !sub.autoRenew)
    refuse('Only an active subscription can be cancelled.');
  const cancelled = await subscriptions.change(deps.db, sub.id, ['active'], {
    status: 'cancelled',
    cancelledAt: new Date(),
    nextPlanId: null,
  });
  if (cancelled === undefined) refuse('Only an active subscription can be cancelled.');
  // Access ends exactly at recur_at: the job is scheduled for then (and the sweep catches a miss).
  await deps.scheduleEnd(sub.id, sub.recurAt);
  return {
    status: 'SUCCESS',
    subscriptionStatus: 'cancelled',
    message: `Your subscription is cancelled. You keep access until ${dateOf(sub.recurAt)}.`,
    iframe3dsUrl: null,
  };
}

async function uncancel(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  now: Date,
): Promise<ActionResult> {
  if (sub.status !== 'cancelled' || sub.recurAt <= now)
    refuse('Only a cancelled subscription can be resumed.');
  const resumed = await subscriptions.change(deps.db, sub.id, ['cancelled'], {
    status: 'active',
    cancelledAt: null,
  });
  if (resumed === undefined) refuse('Only a cancelled subscription can be resumed.');
  return {
    status: 'SUCCESS',
    subscriptionStatus: 'active',
    message: `Your subscription is active again and renews on ${dateOf(sub.recurAt)}.`,
    iframe3dsUrl: null,
  };
}

async function changePlan(
  deps: BillingDeps,
  caller: MemberCaller,
  sub: SubscriptionRecord,
  profile: billing.BillingProfile | undefined,
  planId: string,
  idempotencyKey: string,
  now: Date,
): Promise<ActionResult> {
  if (sub.status !== 'active')
    refuse('The plan of a cancelled or unpaid subscription cannot be changed.');
  const current = deps.catalog.plan(sub.planId);
  const target = deps.catalog.plan(planId);
  if (current === undefined || target === undefined)
    throw new AppError('plan_not_found', { field: 'planId' });
  if (!changeablePlans(deps, current).some((p) => p.planId === target.planId)) {
    throw new AppError('plan_not_in_offer', { field: 'planId' });
  }
  const price = upgradePrice(current, target, sub.periodStartedAt, sub.recurAt, now);
  if (changeKind(current, target) !== 'upgrade' || price === 0) {
    await subscriptions.change(deps.db, sub.id, ['active'], { nextPlanId: target.planId });
    return {
      status: 'SUCCESS',
      subscriptionStatus: 'active',
      message: `Your plan changes to ${target.name} on ${dateOf(sub.recurAt)}.`,
      iframe3dsUrl: null,
    };
  }
  const taxRate = profile === undefined ? 0 : deps.catalog.taxRate(profile.country, profile.state);
  const totals = totalsOf(price, 0, taxRate);
  const order =
    (await orders.insertOnce(deps.db, {
      userId: caller.userId,
      kind: 'upgrade',
      planId: target.planId,
      offerId: target.offerId,
      subscriptionId: sub.id,
      currency: target.currency,
      subtotal: totals.subtotal,
      discount: 0,
      tax: totals.tax,
      taxRate,
      total: totals.total,
      couponCode: null,
      paymentMethod: 'card',
      gateway: gatewayOf(deps).name,
      idempotencyKey,
      billing: billingOf(profile),
      platform: 'web',
      sessionId: '',
    })) ?? (await orders.findByKey(deps.db, caller.userId, idempotencyKey));
  if (order === undefined || order.kind !== 'upgrade' || order.planId !== target.planId) {
    throw new AppError('validation_failed', {
      field: 'idempotencyKey',
      message: 'idempotencyKey: already used for another change',
    });
  }
  if (order.status === 'failed') await orders.reopen(deps.db, order.id);
  const charged =
    order.status === 'paid'
      ? { order, subscription: sub, actionUrl: null }
      : await chargeSaved(deps, (await orders.findById(deps.db, order.id)) ?? order, profile);
  return chargedResult(charged, `You are now on ${target.name}.`);
}

async function chargeSaved(
  deps: BillingDeps,
  order: orders.OrderRecord,
  profile: billing.BillingProfile | undefined,
): Promise<Charged> {
  if (profile?.customerRef == null || profile.paymentMethodRef === null) {
    refuse('There is no card on file to charge.');
  }
  return chargeOrder(deps, order, {
    customerRef: profile.customerRef,
    paymentMethodRef: profile.paymentMethodRef,
    offSession: false,
  });
}

/** The answer to an action that charged: done, 3-D Secure to complete, or the gateway's refusal. */
function chargedResult(charged: Charged, done: string): ActionResult {
  if (charged.order.status === 'failed') {
    throw new AppError('payment_failed', {
      message: charged.order.failureMessage ?? 'Your card was declined.',
    });
  }
  return {
    status: 'SUCCESS',
    subscriptionStatus: charged.subscription?.status ?? 'active',
    message: charged.order.status === 'paid' ? done : 'Complete the verification with your bank.',
    iframe3dsUrl: charged.order.status === 'requires_action' ? charged.actionUrl : null,
  };
}

async function changeCard(
  deps: BillingDeps,
  caller: MemberCaller,
  sub: SubscriptionRecord,
  profile: billing.BillingProfile | undefined,
  token: string,
): Promise<ActionResult> {
  if (profile?.customerRef == null) refuse('There is no card on file to replace.');
  const customerRef = profile.customerRef;
  const saved = await guarded(() => gatewayOf(deps).saveCard(customerRef, token));
  await billing.saveCard(deps.db, caller.userId, saved.paymentMethodRef, saved.card);
  return {
    status: 'SUCCESS',
    subscriptionStatus: sub.status,
    message: `Your card ending in ${saved.card.last4} will be charged from now on.`,
    iframe3dsUrl: null,
  };
}

async function rebill(
  deps: BillingDeps,
  sub: SubscriptionRecord,
  profile: billing.BillingProfile | undefined,
): Promise<ActionResult> {
  if (sub.status !== 'grace') refuse('Nothing is due on this subscription.');
  const due = await orders.findOpenRenewal(deps.db, sub.id);
  if (due === undefined) refuse('Nothing is due on this subscription.');
  if (due.status === 'failed') await orders.reopen(deps.db, due.id);
  const charged = await chargeSaved(deps, (await orders.findById(deps.db, due.id)) ?? due, profile);
  return chargedResult(
    charged,
    'Thank you! Your payment went through and your subscription is active.',
  );
}
