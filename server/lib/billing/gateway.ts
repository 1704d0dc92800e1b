/**
 * The one interface every payment gateway sits behind (issue 23): the Stripe adapter (its official SDK,
 * cards tokenised by Stripe.js) and the SANDBOX gateway for development and tests, which follows the
 * same flows. Our own subscription engine decides what to charge and when (checkout, upgrades, the
 * renewal job); a gateway only charges, keeps cards and tells us, by signed webhook, how a payment ended.
 */
import type { CardForm, CardSummary } from '#shared/schemas/billing';

/** Who pays, as a gateway keeps them. */
export interface GatewayCustomer {
  /** Our member id, kept at the gateway so its events can be matched back. */
  userId: string;
  email: string;
  name: string;
  /** The gateway's id for this member once made. */
  customerRef: string | null;
}

export interface ChargeInput {
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  customerRef: string;
  /** A saved card (paymentMethodRef from saveCard). */
  paymentMethodRef: string;
  /** Whether the member is present (checkout, portal) or not (a renewal, charged by the job). */
  offSession: boolean;
  /** The gateway must charge at most once per key, whatever is retried. */
  idempotencyKey: string;
  /** Where the 3-D Secure page sends the browser when it is done. */
  returnUrl: string;
  description: string;
}

/** How a charge stands. `requires_action`: open actionUrl (3-D Secure); the webhook tells the end. */
export type ChargeResult =
  | { status: 'succeeded'; paymentRef: string }
  | { status: 'requires_action'; paymentRef: string; actionUrl: string }
  | { status: 'processing'; paymentRef: string }
  | { status: 'failed'; paymentRef: string | null; message: string };

export interface SavedCard {
  paymentMethodRef: string;
  card: CardSummary;
}

export interface RedirectPaymentInput {
  orderId: string;
  /** The alternative method's code (paypal, pix, …). */
  method: string;
  amount: number;
  currency: string;
  customerRef: string;
  idempotencyKey: string;
  successUrl: string;
  cancelUrl: string;
  description: string;
}

/** A gateway event, verified and reduced to what our engine acts on. */
export type GatewayEvent =
  | {
      id: string;
      type: 'payment.succeeded' | 'payment.failed';
      paymentRef: string;
      /** Our order id, from the metadata we gave the payment. */
      orderId: string | null;
      customerRef: string | null;
      amount: number;
      currency: string;
      message: string | null;
    }
  | { id: string; type: 'card.removed'; paymentMethodRef: string; customerRef: string | null }
  | { id: string; type: 'ignored' };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** What the browser needs to take a card. */
  cardForm: () => CardForm;
  /** Makes the member a customer at the gateway; returns its id. */
  ensureCustomer: (customer: GatewayCustomer) => Promise<string>;
  /** Keeps the card a browser token stands for on the customer, for this and later charges. */
  saveCard: (customerRef: string, token: string) => Promise<SavedCard>;
  charge: (input: ChargeInput) => Promise<ChargeResult>;
  /** How a payment stands now (after the 3-D Secure page, or to settle a charge whose answer was lost). */
  retrieve: (paymentRef: string) => Promise<ChargeResult>;
  /**
   * Finds the charge an idempotency key asked for, when its answer was lost; null when the gateway
   * never made one (the request did not reach it).
   */
  findCharge: (orderId: string, idempotencyKey: string) => Promise<ChargeResult | null>;
  /**
   * Calls off a payment still waiting on the member (an abandoned 3-D Secure frame or hosted page);
   * answers how it stands after, which is 'succeeded' if the member completed it first.
   */
  cancel: (paymentRef: string) => Promise<ChargeResult>;
  /** Whether it can take the alternative method `code` (commerce.json) on a page of the provider's. */
  takesRedirect: (code: string) => boolean;
  /** Starts a payment with another method; the browser is sent to the URL. */
  redirectPayment: (input: RedirectPaymentInput) => Promise<{ url: string; paymentRef: string }>;
  /** Checks a webhook's signature and reads it; throws when it is forged, unsigned or stale. */
  verifyWebhook: (
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ) => GatewayEvent;
}

/**
 * A gateway that did not answer in time or answered with a server error: whether money moved is
 * unknown, so the order is left to be settled (by a retry with the same key, or by the webhook).
 */
export class GatewayUnavailableError extends Error {}

/** A card token the gateway refused to keep (invalid number, expiry or cvc). */
export class CardRejectedError extends Error {}
