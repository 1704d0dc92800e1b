/**
 * Plans, checkout and subscriptions as clients see them (product-rules.md §3 "Plan", "Purchase
 * options", "Checkout calculation", "Payment submit response", "Subscription"). Amounts are in the
 * currency's major unit (24.99); the server computes every one of them, the client only shows them.
 */
import { z } from 'zod';

/** How often a plan bills. A plan id containing '1y' is annual (product-rules.md §3). */
export const billingPeriods = ['monthly', 'annual'] as const;
export const BillingPeriodSchema = z.enum(billingPeriods);
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;

/** The roles a plan can grant, lowest first. */
export const paidRoles = ['paid_minimal', 'paid_basic', 'paid_premium'] as const;
export const PaidRoleSchema = z.enum(paidRoles);
export type PaidRole = z.infer<typeof PaidRoleSchema>;

/** An ISO 4217 currency code such as USD. */
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code');

export const PlanSchema = z.object({
  planId: z.string(),
  /** The offer (price list) the plan belongs to; its currency is the plan's. */
  offerId: z.string(),
  role: PaidRoleSchema,
  /** The tier's name: Get a Taste, True Supporter or I'm All In. */
  name: z.string(),
  period: BillingPeriodSchema,
  /** 'Monthly Subscription' or 'Yearly Subscription'. */
  billingFrequency: z.string(),
  price: z.number(),
  /** The price before the discount, shown struck through; null when there is none. */
  listPrice: z.number().nullable(),
  currency: CurrencySchema,
  /** What the plan includes, as its card lists it. */
  features: z.array(z.string()),
  /** A line under an annual price, such as 'Two months free'; null for monthly plans. */
  annualTagline: z.string().nullable(),
  /**
   * For a subscriber looking at a plan change: the prorated amount charged now for an upgrade (before
   * tax); 0 when the change waits for the next billing cycle; null outside the portal.
   */
  upgradePrice: z.number().nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** A way to pay: the card form, or a provider the browser is sent to. */
export const PaymentMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['card', 'redirect']),
  /** Whether a subscription paid this way renews by itself (regional wallets do not). */
  renews: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** What the browser needs to take a card: the sandbox's own form, or Stripe.js with its key. */
export const CardFormSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  z.object({ kind: z.literal('stripe'), publishableKey: z.string(), scriptUrl: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type CardForm = z.infer<typeof CardFormSchema>;

export const PurchaseOptionsSchema = z.object({
  offerId: z.string(),
  currency: CurrencySchema,
  defaultPlanId: z.string(),
  paymentMethods: z.array(PaymentMethodSchema),
  cardForm: CardFormSchema,
  options: z.object({ monthly: z.array(PlanSchema), annual: z.array(PlanSchema) }),
  /** When the offer ends (a sale), or null. */
  endsAt: z.iso.datetime().nullable(),
});
export type PurchaseOptions = z.infer<typeof PurchaseOptionsSchema>;

export const CardSummarySchema = z.object({
  last4: z.string(),
  /** visa, master, discover, … */
  type: z.string(),
  /** MM/YY */
  exp: z.string(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const CheckoutCalculationSchema = z.object({
  lineItems: z.array(z.object({ name: z.string(), total: z.number() })),
  subtotal: z.number(),
  tax: z.object({ total: z.number(), rate: z.number() }),
  discounts: z.array(
    z.object({
      code: z.string(),
      valid: z.boolean(),
      total: z.number(),
      /** 'Invalid coupon' when the code does not apply. */
      error: z.string().nullable(),
    }),
  ),
  total: z.number(),
  currency: CurrencySchema,
  /** The member's billing details and saved card from an earlier purchase, or null. */
  onFile: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      country: z.string(),
      state: z.string(),
      postalCode: z.string(),
      creditCard: CardSummarySchema.nullable(),
    })
    .nullable(),
});
export type CheckoutCalculation = z.infer<typeof CheckoutCalculationSchema>;

/** An order's outcome as the checkout and the success page read it. */
export const OrderStatusSchema = z.enum(['pending', 'requires_action', 'paid', 'failed']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * The answer to a card payment: Approved (go to the success page), redirect (open the 3-D Secure
 * frame at iframe3dsUrl, which posts back success or failure), or an error shown under the summary.
 */
export const PaymentSubmitResponseSchema = z.object({
  respMsg: z.enum(['Approved', 'redirect']).nullable(),
  errorMessage: z.string().nullable(),
  iframe3dsUrl: z.string().nullable(),
  orderId: z.uuid(),
  orderTotal: z.number(),
  currency: CurrencySchema,
  subscriptionId: z.uuid().nullable(),
  transactionId: z.string().nullable(),
  planId: z.string(),
});
export type PaymentSubmitResponse = z.infer<typeof PaymentSubmitResponseSchema>;

export const OrderSchema = z.object({
  orderId: z.uuid(),
  status: OrderStatusSchema,
  planId: z.string(),
  planName: z.string(),
  orderTotal: z.number(),
  currency: CurrencySchema,
  subscriptionId: z.uuid().nullable(),
  transactionId: z.string().nullable(),
  /** Why the payment failed, when it did. */
  errorMessage: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * Where a subscription is managed: card subscriptions here (the portal), others elsewhere. 'prize' is a
 * free month won on the creators leaderboard: it does not renew and ends like any other.
 */
export const subscriptionPlatforms = [
  'card',
  'revenue-cat',
  'subscribestar',
  'boosty',
  'prize',
] as const;
export const SubscriptionPlatformSchema = z.enum(subscriptionPlatforms);
export type SubscriptionPlatform = z.infer<typeof SubscriptionPlatformSchema>;

/**
 * active; cancelled (access until recurAt, can be uncancelled); grace (a renewal failed: access
 * continues while 'Pay amount due' is offered); expired (only 'Choose Plan & Reactivate').
 */
export const subscriptionStatuses = ['active', 'cancelled', 'grace', 'expired'] as const;
export const SubscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

const ProductSchema = PlanSchema.pick({
  planId: true,
  name: true,
  price: true,
  currency: true,
  role: true,
  period: true,
});

export const SubscriptionSchema = z.object({
  /** The order that started the subscription. */
  orderId: z.uuid(),
  subscriptionId: z.uuid(),
  subscriptionStatus: SubscriptionStatusSchema,
  platform: SubscriptionPlatformSchema,
  /** When the current period ends: the next charge, or the end of access once cancelled. */
  recurAt: z.iso.datetime(),
  /** When access ends in grace unless the amount due is paid; null otherwise. */
  graceUntil: z.iso.datetime().nullable(),
  /** 'Monthly Subscription' or 'Yearly Subscription'. */
  frequency: z.string(),
  currentProduct: ProductSchema,
  /** The plan taking over at the next billing cycle, or null. */
  nextProduct: ProductSchema.nullable(),
  /** Plans the member may change to, each with its upgradePrice. */
  availablePlans: z.array(PlanSchema),
  creditCard: CardSummarySchema.nullable(),
  /** The saved card was removed at the gateway or has expired: cancel, change plan and change card are hidden. */
  isCardDeleted: z.boolean(),
  /** In grace: what 'Pay amount due' charges (tax included); null otherwise. */
  amountDue: z.number().nullable(),
  /** Whether the subscription renews by itself (card) or ends at recurAt (regional wallets). */
  autoRenews: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** A member's subscription as their profile carries it (product-core.md §3 "User profile"). */
export const ProfileSubscriptionSchema = z.object({
  platform: SubscriptionPlatformSchema,
  status: SubscriptionStatusSchema,
  billingCycle: BillingPeriodSchema,
  startDate: z.iso.datetime(),
  recurAt: z.iso.datetime(),
  planId: z.string(),
  /** The page of the service it was bought through, where it is managed; null for our own cards. */
  manageUrl: z.string().nullable(),
});
export type ProfileSubscription = z.infer<typeof ProfileSubscriptionSchema>;
