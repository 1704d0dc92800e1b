/**
 * The checkout (product-rules.md §2 /checkout, §3, §4 "Checkout (card)", §5, §7 "Checkout"): what an
 * offer sells, the server's own calculation of subtotal, discounts, tax and total, and paying for a plan
 * by card or with another method. A purchase is one order per idempotency key and member, made under
 * the member's lock, so a double click, a retried request or a retry after a gateway error reach the
 * order already made and it is charged at most once.
 */
import type { z } from 'zod';
import type {
  CalculateCheckoutInputSchema,
  payAlternative as payAlternativeContract,
  subscribeByCard as subscribeByCardContract,
} from '#shared/api/billing';
import { checkoutMessages, type BillingDetails } from '#shared/rules/checkout';
import type {
  BillingPeriod,
  CheckoutCalculation,
  Order,
  PaymentSubmitResponse,
  Plan,
  PurchaseOptions,
} from '#shared/schemas/billing';
import * as billing from '../../db/repositories/billing.repo';
import * as orders from '../../db/repositories/orders.repo';
import type { OrderRecord } from '../../db/repositories/orders.repo';
import * as subscriptions from '../../db/repositories/subscriptions.repo';
import {
  standardOfferId,
  toMajor,
  type CatalogPlan,
  type Coupon,
  type Offer,
} from '../../lib/billing/catalog';
import { CardRejectedError, GatewayUnavailableError } from '../../lib/billing/gateway';
import {
  applyCharge,
  applyFailed,
  chargeOrder,
  gatewayOf,
  lastAttemptKey,
  type BillingDeps,
  type Charged,
} from '../../lib/billing/lifecycle';
import { withMemberLock } from '../../lib/billing/member-lock';
import { couponRefusal, discountOf, totalsOf, type Totals } from '../../lib/billing/pricing';
import type { MemberCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { isKnownPlace } from './locations';

type CardInput = z.output<(typeof subscribeByCardContract)['body'] & object>;
type AlternativeInput = z.output<(typeof payAlternativeContract)['body'] & object>;
type CalculateInput = z.output<typeof CalculateCheckoutInputSchema>;

function offerOf(deps: BillingDeps, offerId: string | undefined, now: Date): Offer {
  const offer = deps.catalog.offer(offerId ?? standardOfferId, now);
  if (offer === undefined) throw new AppError('offer_not_found', { field: 'offerId' });
  return offer;
}

/** A plan of an offer on sale; a plan of another offer (another currency or price list) is refused. */
function planIn(deps: BillingDeps, offerId: string, planId: string, now: Date): CatalogPlan {
  const offer = offerOf(deps, offerId, now);
  const plan = deps.catalog.plan(planId);
  if (plan === undefined) throw new AppError('plan_not_found', { field: 'planId' });
  if (plan.offerId !== offer.id) throw new AppError('plan_not_in_offer', { field: 'planId' });
  return plan;
}

/** Whether a method of commerce.json can be paid with here: a card, or what the gateway's pages take. */
function offersMethod(deps: BillingDeps, code: string): boolean {
  const method = deps.catalog.paymentMethods.find((m) => m.code === code);
  if (deps.gateway === null || method === undefined) return false;
  return method.kind === 'card' || deps.gateway.takesRedirect(code);
}

export function purchaseOptions(
  deps: BillingDeps,
  offerId: string | undefined,
  now: Date = new Date(),
): PurchaseOptions {
  const offer = offerOf(deps, offerId, now);
  const plans = offer.plans.map((p) => deps.catalog.toPlan(p));
  return {
    offerId: offer.id,
    currency: offer.currency,
    defaultPlanId: offer.defaultPlanId,
    paymentMethods: deps.catalog.paymentMethods.filter((m) => offersMethod(deps, m.code)),
    cardForm: deps.gateway?.cardForm() ?? { kind: 'none' },
    options: {
      monthly: plans.filter((p) => p.period === 'monthly'),
      annual: plans.filter((p) => p.period === 'annual'),
    },
    endsAt: offer.endsAt?.toISOString() ?? null,
  };
}

export function plansOf(
  deps: BillingDeps,
  frequency: BillingPeriod,
  offerId: string | undefined,
  now: Date = new Date(),
): Plan[] {
  const offer = offerOf(deps, offerId, now);
  return offer.plans.filter((p) => p.period === frequency).map((p) => deps.catalog.toPlan(p));
}

/** Why a coupon does not apply to this member and plan now, counting redemptions; null when it does. */
async function couponProblem(
  deps: BillingDeps,
  userId: string,
  coupon: Coupon | undefined,
  plan: CatalogPlan,
  now: Date,
): Promise<string | null> {
  const refusal = couponRefusal(coupon, plan, now);
  if (refusal !== null || coupon === undefined) return refusal ?? 'unknown';
  if (
    coupon.maxRedemptions !== null &&
    (await billing.redemptionsOf(deps.db, coupon.code)) >= coupon.maxRedemptions
  ) {
    return 'exhausted';
  }
  if (coupon.oncePerMember && (await billing.hasRedeemed(deps.db, coupon.code, userId, null))) {
    return 'used';
  }
  return null;
}

interface Priced {
  plan: CatalogPlan;
  totals: Totals;
  coupon: Coupon | null;
  couponError: string | null;
}

/** The server's price of a plan for an address and coupon: tax only once the address is a real one. */
async function priceOf(
  deps: BillingDeps,
  userId: string,
  input: { planId: string; offerId: string; country: string; state: string; promoCode: string },
  now: Date,
): Promise<Priced> {
  const plan = planIn(deps, input.offerId, input.planId, now);
  let coupon: Coupon | null = null;
  let couponError: string | null = null;
  if (input.promoCode !== '') {
    const found = deps.catalog.coupon(input.promoCode);
    const problem = await couponProblem(deps, userId, found, plan, now);
    if (problem === null && found !== undefined) coupon = found;
    else couponError = checkoutMessages.coupon;
  }
  const discount = coupon === null ? 0 : discountOf(coupon, plan.price);
  const taxRate = isKnownPlace(input.country, input.state)
    ? deps.catalog.taxRate(input.country, input.state)
    : 0;
  return { plan, totals: totalsOf(plan.price, discount, taxRate), coupon, couponError };
}

export async function calculate(
  deps: BillingDeps,
  caller: MemberCaller,
  input: CalculateInput,
  now: Date = new Date(),
): Promise<CheckoutCalculation> {
  const priced = await priceOf(deps, caller.userId, input, now);
  const profile = await billing.findProfile(deps.db, caller.userId);
  const { plan, totals } = priced;
  return {
    lineItems: [
      {
        name: `${plan.name} (${plan.period === 'annual' ? 'Annual' : 'Monthly'})`,
        total: toMajor(plan.price),
      },
    ],
    subtotal: toMajor(totals.subtotal),
    tax: { total: toMajor(totals.tax), rate: totals.taxRate },
    discounts:
      input.promoCode === ''
        ? []
        : [
            {
              code: input.promoCode,
              valid: priced.coupon !== null,
              total: toMajor(totals.discount),
              error: priced.couponError,
            },
          ],
    total: toMajor(totals.total),
    currency: plan.currency,
    onFile:
      profile === undefined
        ? null
        : {
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            country: profile.country,
            state: profile.state,
            postalCode: profile.postalCode,
            creditCard: profile.isCardRemoved ? null : profile.card,
          },
  };
}

/** The billing details a purchase states; an address that names no real place is refused. */
function checkedDetails(input: BillingDetails): BillingDetails {
  if (!isKnownPlace(input.country, input.state)) {
    throw new AppError('validation_failed', {
      field: input.state === '' ? 'state' : 'country',
      message: checkoutMessages.required,
    });
  }
  return input;
}

/** How long an unanswered charge may still reach the gateway (its client's timeout and retries). */
const unsettledGraceMs = 2 * 60_000;

/**
 * Settles the member's earlier purchases still open before a new one: one that went through means they
 * are subscribed already; one waiting on an abandoned 3-D Secure frame or hosted page is called off.
 */
async function settleOpenPurchases(
  deps: BillingDeps,
  userId: string,
  exceptKey: string,
): Promise<void> {
  const gateway = gatewayOf(deps);
  const open = await orders.listOpenPurchases(deps.db, userId);
  for (const order of open) {
    if (order.idempotencyKey === exceptKey) continue;
    const { paymentRef } = order;
    if (paymentRef !== null) {
      await applyCharge(deps, order.id, await guarded(() => gateway.cancel(paymentRef)));
      continue;
    }
    const found = order.isUnsettled
      ? await guarded(() => gateway.findCharge(order.id, lastAttemptKey(order)))
      : null;
    if (found !== null) {
      await applyCharge(deps, order.id, found);
    } else if (order.isUnsettled && Date.now() - order.updatedAt.getTime() < unsettledGraceMs) {
      // Its charge may still be on its way to the gateway: wait for it rather than charge beside it.
      throw new AppError('checkout_in_progress');
    } else {
      await applyFailed(deps, order.id, 'Replaced by a newer checkout.', null);
    }
  }
  if ((await subscriptions.findLive(deps.db, userId)) !== undefined) {
    throw new AppError('subscription_exists');
  }
}

/** Opens the order of a purchase, or finds the one this key opened before. */
async function openPurchase(
  deps: BillingDeps,
  caller: MemberCaller,
  input: AlternativeInput | CardInput,
  paymentMethod: string,
  now: Date,
): Promise<OrderRecord> {
  const earlier = await orders.findByKey(deps.db, caller.userId, input.idempotencyKey);
  if (earlier !== undefined) {
    if (earlier.planId !== input.planId || earlier.paymentMethod !== paymentMethod) {
      throw new AppError('validation_failed', {
        field: 'idempotencyKey',
        message: 'idempotencyKey: already used for another purchase',
      });
    }
    if (earlier.status === 'failed') await orders.reopen(deps.db, earlier.id);
    return (await orders.findById(deps.db, earlier.id)) ?? earlier;
  }
  if ((await subscriptions.findLive(deps.db, caller.userId)) !== undefined) {
    throw new AppError('subscription_exists');
  }
  await settleOpenPurchases(deps, caller.userId, input.idempotencyKey);
  const details = checkedDetails(input);
  const priced = await priceOf(deps, caller.userId, input, now);
  if (priced.couponError !== null) {
    throw new AppError('coupon_invalid', { field: 'promoCode', message: checkoutMessages.coupon });
  }
  const gateway = gatewayOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const order = await orders.insertOnce(trx, {
      userId: caller.userId,
      kind: 'subscribe',
      planId: priced.plan.planId,
      offerId: priced.plan.offerId,
      subscriptionId: null,
      currency: priced.plan.currency,
      subtotal: priced.totals.subtotal,
      discount: priced.totals.discount,
      tax: priced.totals.tax,
      taxRate: priced.totals.taxRate,
      total: priced.totals.total,
      couponCode: priced.coupon?.code ?? null,
      paymentMethod,
      gateway: gateway.name,
      idempotencyKey: input.idempotencyKey,
      billing: details,
      platform: input.platform,
      sessionId: 'sessionId' in input ? input.sessionId : '',
    });
    // Two requests with one key at once: the member lock lets one through; this is its twin's order.
    if (order === null) throw new AppError('checkout_in_progress');
    if (priced.coupon !== null) {
      const reserved = await billing.reserveCoupon(trx, {
        code: priced.coupon.code,
        userId: caller.userId,
        orderId: order.id,
        maxRedemptions: priced.coupon.maxRedemptions,
        oncePerMember: priced.coupon.oncePerMember,
      });
      if (reserved !== 'reserved') {
        throw new AppError('coupon_invalid', {
          field: 'promoCode',
          message: checkoutMessages.coupon,
        });
      }
    }
    return order;
  });
}

/** Makes the member a customer at the gateway and keeps their billing details. */
async function customerOf(
  deps: BillingDeps,
  caller: MemberCaller,
  details: BillingDetails,
): Promise<string> {
  const gateway = gatewayOf(deps);
  const profile = await billing.findProfile(deps.db, caller.userId);
  const customerRef = await guarded(() =>
    gateway.ensureCustomer({
      userId: caller.userId,
      email: details.email,
      name: `${details.firstName} ${details.lastName}`,
      customerRef: profile?.gateway === gateway.name ? profile.customerRef : null,
    }),
  );
  await billing.saveDetails(deps.db, caller.userId, {
    ...details,
    gateway: gateway.name,
    customerRef,
  });
  return customerRef;
}

/** A gateway call whose failure to answer is the member's "try again", not an internal error. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof GatewayUnavailableError) {
      throw new AppError('payment_gateway_error', { cause: err });
    }
    if (err instanceof CardRejectedError) {
      throw new AppError('payment_card_invalid', { field: 'paymentToken', cause: err });
    }
    throw err;
  }
}

function submitResponse(
  charged: Pick<Charged, 'order' | 'subscription' | 'actionUrl'>,
): PaymentSubmitResponse {
  const { order } = charged;
  return {
    respMsg:
      order.status === 'paid' ? 'Approved' : order.status === 'requires_action' ? 'redirect' : null,
    errorMessage:
      order.status === 'failed' ? (order.failureMessage ?? 'Your card was declined.') : null,
    iframe3dsUrl: order.status === 'requires_action' ? charged.actionUrl : null,
    orderId: order.id,
    orderTotal: toMajor(order.total),
    currency: order.currency,
    subscriptionId: charged.subscription?.id ?? order.subscriptionId,
    transactionId: order.status === 'paid' ? order.paymentRef : null,
    planId: order.planId,
  };
}

/** Pays for a plan by card (a new card's token, or the saved one). */
export async function subscribeByCard(
  deps: BillingDeps,
  caller: MemberCaller,
  input: CardInput,
  now: Date = new Date(),
): Promise<PaymentSubmitResponse> {
  if (!deps.catalog.paymentMethods.some((m) => m.kind === 'card')) {
    throw new AppError('payment_method_unavailable');
  }
  return withMemberLock(deps, caller.userId, async () => {
    const order = await openPurchase(deps, caller, input, 'card', now);
    if (order.status === 'paid')
      return submitResponse({ order, subscription: null, actionUrl: null });
    const gateway = gatewayOf(deps);
    if (order.status === 'requires_action' && order.paymentRef !== null) {
      // The same purchase sent again while its 3-D Secure frame is open: answer where it stands.
      const result = await guarded(() => gateway.retrieve(order.paymentRef ?? ''));
      const applied = await applyCharge(deps, order.id, result);
      return submitResponse({
        ...applied,
        actionUrl: result.status === 'requires_action' ? result.actionUrl : null,
      });
    }
    const customerRef = await customerOf(deps, caller, input);
    const paymentMethodRef = await cardToCharge(
      deps,
      caller,
      customerRef,
      input.paymentToken,
      order,
    );
    const charged = await chargeOrder(deps, order, {
      customerRef,
      paymentMethodRef,
      offSession: false,
    });
    return submitResponse(charged);
  });
}

/**
 * The card a purchase charges: a new token is kept on the customer (and becomes the saved card); none
 * means the saved one. A replay of an unanswered attempt charges the card that attempt used.
 */
async function cardToCharge(
  deps: BillingDeps,
  caller: MemberCaller,
  customerRef: string,
  token: string | null,
  order: OrderRecord,
): Promise<string> {
  if (order.isUnsettled && order.paymentMethodRef !== null) return order.paymentMethodRef;
  if (token !== null) {
    const saved = await guarded(() => gatewayOf(deps).saveCard(customerRef, token));
    await billing.saveCard(deps.db, caller.userId, saved.paymentMethodRef, saved.card);
    return saved.paymentMethodRef;
  }
  const profile = await billing.findProfile(deps.db, caller.userId);
  if (profile?.paymentMethodRef == null || profile.isCardRemoved) {
    throw new AppError('payment_card_invalid', { field: 'paymentToken' });
  }
  return profile.paymentMethodRef;
}

/** Pays for a plan with another method: the order waits while the browser is at the provider. */
export async function payAlternative(
  deps: BillingDeps,
  caller: MemberCaller,
  provider: string,
  input: AlternativeInput,
  now: Date = new Date(),
): Promise<{ url: string | null; errorMessage: string | null }> {
  const method = deps.catalog.paymentMethods.find(
    (m) => m.code === provider && m.kind === 'redirect',
  );
  if (method === undefined || !offersMethod(deps, method.code))
    throw new AppError('payment_method_unavailable', { field: 'provider' });
  return withMemberLock(deps, caller.userId, async () => {
    const order = await openPurchase(deps, caller, input, method.code, now);
    if (order.status === 'paid') return { url: null, errorMessage: 'This order is already paid.' };
    const customerRef = await customerOf(deps, caller, input);
    return { url: await redirectFor(deps, order, customerRef, method.code), errorMessage: null };
  });
}

async function redirectFor(
  deps: BillingDeps,
  order: OrderRecord,
  customerRef: string,
  method: string,
): Promise<string> {
  const plan = deps.catalog.plan(order.planId);
  const { url, paymentRef } = await guarded(() =>
    gatewayOf(deps).redirectPayment({
      orderId: order.id,
      method,
      amount: order.total,
      currency: order.currency,
      customerRef,
      idempotencyKey: `order-${order.id}-redirect`,
      successUrl: `${deps.publicUrl}/checkout/success?${new URLSearchParams({
        order_id: order.id,
        plan: order.planId,
      }).toString()}`,
      cancelUrl: `${deps.publicUrl}/checkout?${new URLSearchParams({
        plan_id: order.planId,
        o_id: order.offerId,
      }).toString()}`,
      description: plan?.name ?? order.planId,
    }),
  );
  await orders.recordAnswer(deps.db, order.id, {
    status: 'requires_action',
    paymentRef,
    isUnsettled: false,
  });
  return url;
}

/**
 * The cryptocurrency provider's link for a plan (product-rules.md §7 "Crypto checkout"): the gateway's
 * hosted crypto payment, opened with the plan's name, currency and price shown. One open crypto order
 * per member and plan is reused, so following the link twice charges once.
 */
export async function cryptoLink(
  deps: BillingDeps,
  caller: MemberCaller,
  planId: string,
  now: Date = new Date(),
): Promise<string> {
  const method = deps.catalog.paymentMethods.find((m) => m.code === 'crypto');
  if (method === undefined || !offersMethod(deps, method.code))
    throw new AppError('payment_method_unavailable');
  const plan = deps.catalog.plan(planId);
  if (plan === undefined) throw new AppError('plan_not_found', { field: 'planId' });
  const profile = await billing.findProfile(deps.db, caller.userId);
  return withMemberLock(deps, caller.userId, async () => {
    const key = `crypto-${plan.planId}-${now.toISOString().slice(0, 10)}`;
    const details = {
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
      email: profile?.email ?? '',
      country: profile?.country ?? '',
      state: profile?.state ?? '',
      postalCode: profile?.postalCode ?? '',
    };
    const order =
      (await orders.findByKey(deps.db, caller.userId, key)) ??
      (await openCryptoOrder(deps, caller, plan, key, details, now));
    if (order.status === 'paid') throw new AppError('subscription_exists');
    const customerRef = await guarded(() =>
      gatewayOf(deps).ensureCustomer({
        userId: caller.userId,
        email: details.email,
        name: `${details.firstName} ${details.lastName}`.trim(),
        customerRef: profile?.customerRef ?? null,
      }),
    );
    const url = new URL(await redirectFor(deps, order, customerRef, method.code));
    url.searchParams.set('plan', plan.name);
    url.searchParams.set('currency', plan.currency);
    url.searchParams.set('price', toMajor(plan.price).toFixed(2));
    return url.toString();
  });
}

async function openCryptoOrder(
  deps: BillingDeps,
  caller: MemberCaller,
  plan: CatalogPlan,
  key: string,
  details: OrderRecord['billing'],
  now: Date,
): Promise<OrderRecord> {
  if ((await subscriptions.findLive(deps.db, caller.userId)) !== undefined) {
    throw new AppError('subscription_exists');
  }
  if (deps.catalog.offer(plan.offerId, now) === undefined) throw new AppError('offer_not_found');
  const totals = totalsOf(plan.price, 0, 0);
  const order = await orders.insertOnce(deps.db, {
    userId: caller.userId,
    kind: 'subscribe',
    planId: plan.planId,
    offerId: plan.offerId,
    subscriptionId: null,
    currency: plan.currency,
    subtotal: totals.subtotal,
    discount: 0,
    tax: 0,
    taxRate: 0,
    total: totals.total,
    couponCode: null,
    paymentMethod: 'crypto',
    gateway: gatewayOf(deps).name,
    idempotencyKey: key,
    billing: details,
    platform: 'web',
    sessionId: '',
  });
  if (order === null) throw new AppError('checkout_in_progress');
  return order;
}

/** One of the member's orders and where its payment stands. */
export async function orderOf(
  deps: BillingDeps,
  caller: MemberCaller,
  orderId: string,
): Promise<Order> {
  const order = await orders.findById(deps.db, orderId);
  // Another member's order does not exist, as far as this member can tell.
  if (order === undefined || order.userId !== caller.userId) throw new AppError('order_not_found');
  return {
    orderId: order.id,
    status: order.status,
    planId: order.planId,
    planName: deps.catalog.plan(order.planId)?.name ?? order.planId,
    orderTotal: toMajor(order.total),
    currency: order.currency,
    subscriptionId: order.subscriptionId,
    transactionId: order.status === 'paid' ? order.paymentRef : null,
    errorMessage: order.status === 'failed' ? order.failureMessage : null,
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/**
 * Where the 3-D Secure page sends the browser back: the gateway says how the payment ended, and the
 * order is settled by it (the webhook may have settled it first; then this changes nothing).
 */
export async function completeThreeDs(
  deps: BillingDeps,
  orderId: string,
): Promise<{ status: 'success' | 'failure'; errorMessage: string | null; orderId: string }> {
  const order = await orders.findById(deps.db, orderId);
  if (order === undefined) throw new AppError('order_not_found');
  if (
    order.paymentRef !== null &&
    (order.status === 'requires_action' || order.status === 'pending')
  ) {
    const result = await guarded(() => gatewayOf(deps).retrieve(order.paymentRef ?? ''));
    await applyCharge(deps, order.id, result);
  }
  const settled = (await orders.findById(deps.db, orderId)) ?? order;
  return {
    status: settled.status === 'paid' ? 'success' : 'failure',
    errorMessage:
      settled.status === 'paid'
        ? null
        : (settled.failureMessage ?? 'The payment was not completed.'),
    orderId,
  };
}
