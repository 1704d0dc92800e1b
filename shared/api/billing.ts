/**
 * Plans, checkout, subscriptions and account linking (product-rules.md §2, §3, §7 "Checkout",
 * "Subscription self-service", "Account linking"). Prices, tax, discounts and totals are always the
 * server's: the client sends what was chosen (plan, offer, coupon, address), never an amount.
 * Gateway webhooks and the sandbox gateway's own pages are plain routes outside these contracts
 * (server/routes/payments.routes.ts).
 */
import { z } from 'zod';
import {
  BillingPeriodSchema,
  CardSummarySchema,
  CheckoutCalculationSchema,
  OrderSchema,
  PaymentSubmitResponseSchema,
  PlanSchema,
  PurchaseOptionsSchema,
  SubscriptionSchema,
  SubscriptionStatusSchema,
} from '../schemas/billing';
import { BillingDetailsSchema, CouponCodeSchema } from '../rules/checkout';
import { endpoint } from './endpoint';

const PlanIdSchema = z.string().min(1).max(64);
const OfferIdSchema = z.string().min(1).max(64);
/** The client's platform, kept with the order. */
const PlatformSchema = z.enum(['web', 'android', 'ios']).default('web');
/**
 * One checkout attempt, made by the client when the page opens and kept across retries of it: a double
 * click, a retried request or a retry after a gateway error reach the same order, so it is charged once.
 */
const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'an idempotency key');

export const getPurchaseOptions = endpoint({
  method: 'GET',
  path: '/api/subscriptions/purchase_options',
  auth: 'none',
  summary: 'Plans of an offer (the standard one by default), payment methods and the card form',
  query: z.object({ offerId: OfferIdSchema.optional() }),
  response: PurchaseOptionsSchema,
});

export const listPlans = endpoint({
  method: 'GET',
  path: '/api/plans',
  auth: 'none',
  summary: 'The plans of one billing frequency, for the plan comparison',
  query: z.object({ frequency: BillingPeriodSchema, offerId: OfferIdSchema.optional() }),
  response: z.object({ plans: z.array(PlanSchema) }),
});

export const listCountries = endpoint({
  method: 'GET',
  path: '/api/locations/countries',
  auth: 'none',
  summary: 'Countries for the billing address (ISO 3166-1)',
  response: z.object({
    countries: z.array(z.object({ iso2: z.string(), name: z.string(), hasStates: z.boolean() })),
  }),
});

export const listStates = endpoint({
  method: 'GET',
  path: '/api/locations/countries/:country/states',
  auth: 'none',
  summary: "A country's states or provinces (ISO 3166-2)",
  params: z.object({ country: z.string().regex(/^[A-Z]{2}$/) }),
  response: z.object({ states: z.array(z.object({ stateCode: z.string(), name: z.string() })) }),
});

export const CalculateCheckoutInputSchema = z.object({
  planId: PlanIdSchema,
  offerId: OfferIdSchema,
  email: z.string().max(320).default(''),
  country: z.string().max(2).default(''),
  state: z.string().max(10).default(''),
  postalCode: z.string().max(16).default(''),
  promoCode: CouponCodeSchema.default(''),
  platform: PlatformSchema,
});

export const calculateCheckout = endpoint({
  method: 'POST',
  path: '/api/checkout/calculate',
  auth: 'member',
  summary: 'Subtotal, discounts, tax and total of a plan for an address and coupon',
  body: CalculateCheckoutInputSchema,
  response: CheckoutCalculationSchema,
});

const OrderInputSchema = BillingDetailsSchema.safeExtend({
  planId: PlanIdSchema,
  offerId: OfferIdSchema,
  promoCode: CouponCodeSchema.default(''),
  platform: PlatformSchema,
  idempotencyKey: IdempotencyKeySchema,
});

export const subscribeByCard = endpoint({
  method: 'POST',
  path: '/api/checkout/subscribe',
  auth: 'member',
  summary: 'Pay for a plan by card: Approved, a 3-D Secure redirect, or the error to show',
  body: OrderInputSchema.safeExtend({
    /** The card token from the browser (Stripe.js or the sandbox form); null pays with the saved card. */
    paymentToken: z.string().min(1).max(255).nullable(),
    /** The fraud-session id of the browser, kept with the order. */
    sessionId: z.string().max(128).default(''),
  }),
  response: PaymentSubmitResponseSchema,
});

export const payAlternative = endpoint({
  method: 'POST',
  path: '/api/checkout/:provider/new_payment',
  auth: 'member',
  summary: 'Pay for a plan with another method: the provider URL to send the browser to',
  params: z.object({ provider: z.string().regex(/^[a-z0-9_]{2,32}$/) }),
  body: OrderInputSchema.safeExtend({ paymentOption: z.string().max(32).default('') }),
  response: z.object({ url: z.string().nullable(), errorMessage: z.string().nullable() }),
});

export const getOrder = endpoint({
  method: 'GET',
  path: '/api/checkout/orders/:id',
  auth: 'member',
  summary: 'One of your orders and where its payment stands',
  params: z.object({ id: z.uuid() }),
  response: OrderSchema,
});

export const logCheckoutAbandon = endpoint({
  method: 'POST',
  path: '/api/checkout/abandon',
  auth: 'member',
  summary: 'Records that a checkout was left before a purchase was started',
  body: z.object({ planId: PlanIdSchema }),
  response: z.object({ ok: z.literal(true) }),
});

export const getCryptoLink = endpoint({
  method: 'GET',
  path: '/api/checkout/crypto',
  auth: 'member',
  summary: "The cryptocurrency provider's link for a plan (its name, currency and price)",
  query: z.object({ planId: PlanIdSchema }),
  response: z.object({ url: z.string() }),
});

/** The sandbox gateway's card form posts here (a real gateway's script tokenises at the gateway). */
export const tokeniseSandboxCard = endpoint({
  method: 'POST',
  path: '/api/payments/sandbox/tokens',
  auth: 'member',
  summary: 'SANDBOX gateway: turns test card details into a card token',
  body: z.object({
    number: z.string().max(23),
    exp: z.string().max(7),
    cvc: z.string().max(4),
  }),
  response: z.object({ token: z.string(), card: CardSummarySchema }),
});

export const listSubscriptions = endpoint({
  method: 'GET',
  path: '/api/subscriptions/card',
  auth: 'member',
  summary: 'Your card subscriptions, newest first (the portal uses the first)',
  response: z.object({ items: z.array(SubscriptionSchema) }),
});

const ActionTarget = z.object({ orderId: z.uuid(), subscriptionId: z.uuid() });
export const SubscriptionActionSchema = z.discriminatedUnion('action', [
  ActionTarget.extend({ action: z.literal('cancel') }),
  ActionTarget.extend({ action: z.literal('uncancel') }),
  ActionTarget.extend({
    action: z.literal('change_plan'),
    planId: PlanIdSchema,
    idempotencyKey: IdempotencyKeySchema,
  }),
  ActionTarget.extend({ action: z.literal('change_card'), cardToken: z.string().min(1).max(255) }),
  ActionTarget.extend({ action: z.literal('charge_rebill'), idempotencyKey: IdempotencyKeySchema }),
]);
export type SubscriptionAction = z.infer<typeof SubscriptionActionSchema>;

export const actOnSubscription = endpoint({
  method: 'PUT',
  path: '/api/subscriptions/card',
  auth: 'member',
  summary: 'Cancel, uncancel, change plan, change card or pay the amount due',
  body: SubscriptionActionSchema,
  response: z.object({
    status: z.literal('SUCCESS'),
    subscriptionStatus: SubscriptionStatusSchema,
    message: z.string(),
    /** A charge that needs 3-D Secure: the frame to open; null otherwise. */
    iframe3dsUrl: z.string().nullable(),
  }),
});

/** How an account-linking attempt ended (product-rules.md §4 "Link flow"). */
export const LinkStatusSchema = z.enum(['success', 'invalid_pledge', 'error']);
export type LinkStatus = z.infer<typeof LinkStatusSchema>;
const LinkResultSchema = z.object({ status: LinkStatusSchema, message: z.string() });
const LinkServiceParams = z.object({ service: z.enum(['subscribestar']) });

export const startPledgeLink = endpoint({
  method: 'GET',
  path: '/api/link/:service/authorize',
  auth: 'member',
  summary: 'Where to send the browser to link a pledge-service account',
  params: LinkServiceParams,
  query: z.object({ redirectUrl: z.string().max(2000) }),
  response: z.object({ url: z.string() }),
});

export const finishPledgeLink = endpoint({
  method: 'GET',
  path: '/api/link/:service/oauth',
  auth: 'member',
  summary: "Links the account the pledge service's code names and grants its pledge's tier",
  params: LinkServiceParams,
  query: z.object({
    code: z.string().min(1).max(512),
    /** The state the authorize step handed out, so only the member who started it can finish it. */
    state: z.string().min(1).max(128),
    redirectUrl: z.string().max(2000),
  }),
  response: LinkResultSchema,
});

export const linkPledgeTransient = endpoint({
  method: 'GET',
  path: '/api/link/:service/:transientId',
  auth: 'member',
  summary: 'Links the account behind a one-time id the pledge service handed the browser',
  params: LinkServiceParams.extend({ transientId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/) }),
  response: LinkResultSchema,
});
