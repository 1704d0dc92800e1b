/**
 * The Stripe payment gateway (issue 23), through Stripe's official SDK. Cards are tokenised in the
 * browser by Stripe.js: the PaymentMethod id (pm_…) it makes is the card token the checkout sends, and
 * saveCard attaches it to the member's Customer. Every charge is a PaymentIntent created and confirmed
 * in one request under our attempt's idempotency key, so a retried request answers what the first did
 * and money is never taken twice. 3-D Secure answers `requires_action` with Stripe's redirect page,
 * which sends the browser back to our return page; the signed webhook (stripe-webhook.ts) tells the end.
 *
 * A timeout, a network failure, a 429 or a 5xx from Stripe is GatewayUnavailableError (the member's
 * payment_gateway_error): whether money moved is unknown, so the engine leaves the order unsettled and
 * asks again with the same key, or finds the charge by its key (findCharge), or the webhook settles it.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { Logger } from '../log';
import {
  CardRejectedError,
  GatewayUnavailableError,
  type ChargeInput,
  type ChargeResult,
  type GatewayCustomer,
  type GatewayEvent,
  type PaymentGateway,
  type RedirectPaymentInput,
  type SavedCard,
} from './gateway';
import { readStripeEvent, stripeMetadata } from './stripe-webhook';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  /** Where the browser loads Stripe.js from (STRIPE_JS_URL). */
  scriptUrl: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local peer in tests); Stripe's own when unset. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
  /** How long one request to Stripe may take before it counts as unanswered. */
  timeoutMs: number;
  log: Logger;
}

/** Stripe's card brands as our card summaries name them. */
const brandNames: Record<string, string> = { mastercard: 'master', amex: 'amex' };

/**
 * Stripe's payment method types whose confirmation sends the member to the provider's page and back.
 * Others (pix's QR code, bank transfers' instructions) need a screen of their own, so are not offered.
 */
const redirectMethods: ReadonlySet<string> = new Set([
  'paypal',
  'alipay',
  'crypto',
  'ideal',
  'bancontact',
  'eps',
]);

/** PaymentIntent states that still wait on the member or on us, and may be cancelled. */
const cancellable = new Set([
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
]);

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeGatewayOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      ...opts.api,
      timeout: opts.timeoutMs,
      // A request that failed to answer is asked again once, under the same idempotency key.
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  cardForm() {
    return {
      kind: 'stripe' as const,
      publishableKey: this.opts.publishableKey,
      scriptUrl: this.opts.scriptUrl,
    };
  }

  async ensureCustomer(customer: GatewayCustomer): Promise<string> {
    const { customerRef } = customer;
    if (customerRef !== null) {
      const known = await this.call(async () => {
        try {
          const found = await this.stripe.customers.retrieve(customerRef);
          return found.deleted === true ? null : found.id;
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
      });
      if (known !== null) return known;
    }
    const created = await this.call(() =>
      this.stripe.customers.create(
        {
          email: customer.email,
          name: customer.name,
          metadata: { [stripeMetadata.userId]: customer.userId },
        },
        { idempotencyKey: customerKey(customer) },
      ),
    );
    return created.id;
  }

  async saveCard(customerRef: string, token: string): Promise<SavedCard> {
    const method = await this.call(async () => {
      try {
        return await this.stripe.paymentMethods.attach(token, { customer: customerRef });
      } catch (err) {
        if (
          err instanceof Stripe.errors.StripeCardError ||
          err instanceof Stripe.errors.StripeInvalidRequestError
        ) {
          throw new CardRejectedError(err.message);
        }
        throw err;
      }
    });
    const card = method.card;
    if (card == null) throw new CardRejectedError('the payment method is not a card');
    const month = String(card.exp_month).padStart(2, '0');
    const year = String(card.exp_year % 100).padStart(2, '0');
    return {
      paymentMethodRef: method.id,
      card: {
        last4: card.last4,
        type: brandNames[card.brand] ?? card.brand,
        exp: `${month}/${year}`,
      },
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    return this.call(async () => {
      try {
        const intent = await this.stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerRef,
            payment_method: input.paymentMethodRef,
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: input.offSession,
            ...(input.offSession ? {} : { return_url: input.returnUrl }),
            description: input.description,
            metadata: {
              [stripeMetadata.orderId]: input.orderId,
              [stripeMetadata.attemptKey]: input.idempotencyKey,
            },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return resultOf(intent);
      } catch (err) {
        const refused = refusedCharge(err);
        if (refused !== null) return refused;
        throw err;
      }
    });
  }

  async retrieve(paymentRef: string): Promise<ChargeResult> {
    return this.call(async () => {
      try {
        return resultOf(await this.stripe.paymentIntents.retrieve(paymentRef));
      } catch (err) {
        if (isMissing(err)) return { status: 'failed', paymentRef, message: 'No such payment.' };
        throw err;
      }
    });
  }

  async findCharge(_orderId: string, idempotencyKey: string): Promise<ChargeResult | null> {
    // Stripe's search is indexed within a minute; the engine waits longer than that (unsettledGraceMs,
    // the sweep's age) before it takes an unanswered charge for one that never reached Stripe.
    const found = await this.call(() =>
      this.stripe.paymentIntents.search({
        query: `metadata['${stripeMetadata.attemptKey}']:'${idempotencyKey.replaceAll("'", '')}'`,
        limit: 1,
      }),
    );
    const intent = found.data[0];
    return intent === undefined ? null : resultOf(intent);
  }

  async cancel(paymentRef: string): Promise<ChargeResult> {
    return this.call(async () => {
      const intent = await this.stripe.paymentIntents.retrieve(paymentRef);
      if (!cancellable.has(intent.status)) return resultOf(intent);
      try {
        return resultOf(
          await this.stripe.paymentIntents.cancel(paymentRef, { cancellation_reason: 'abandoned' }),
        );
      } catch (err) {
        // The member completed it between our two requests: answer how it stands now.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'payment_intent_unexpected_state'
        ) {
          return resultOf(await this.stripe.paymentIntents.retrieve(paymentRef));
        }
        throw err;
      }
    });
  }

  takesRedirect(code: string): boolean {
    return redirectMethods.has(code);
  }

  async redirectPayment(input: RedirectPaymentInput): Promise<{ url: string; paymentRef: string }> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer: input.customerRef,
          allowed_payment_method_types: [input.method],
          payment_method_data: {
            type: input.method,
          },
          confirm: true,
          return_url: input.successUrl,
          description: input.description,
          metadata: {
            [stripeMetadata.orderId]: input.orderId,
            [stripeMetadata.attemptKey]: input.idempotencyKey,
          },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const url = intent.next_action?.redirect_to_url?.url;
    if (url == null) {
      throw new Error(
        `stripe: ${input.method} payment ${intent.id} gave no page to send the member to`,
      );
    }
    return { url, paymentRef: intent.id };
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): GatewayEvent {
    return readStripeEvent(this.stripe, rawBody, headers, this.opts.webhookSecret);
  }

  /** Runs a request to Stripe; one Stripe did not answer (in time, or but with a 5xx) is unavailable. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (isUnanswered(err)) {
        this.opts.log.warn({ err }, 'stripe did not answer');
        throw new GatewayUnavailableError(
          `stripe: ${err instanceof Error ? err.message : 'no answer'}`,
          { cause: err },
        );
      }
      throw err;
    }
  }
}

/**
 * The idempotency key of making a member's customer: a retry after a lost answer finds the customer
 * made, and other details (a corrected name) make another rather than fail with idempotency_error.
 */
function customerKey(customer: GatewayCustomer): string {
  const details = createHash('sha256')
    .update(JSON.stringify([customer.email, customer.name]))
    .digest('hex')
    .slice(0, 16);
  return `customer-${customer.userId}-${customer.customerRef ?? 'first'}-${details}`;
}

function isUnanswered(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  );
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/** A charge Stripe refused (a decline, authentication needed off-session, an unusable card). */
function refusedCharge(err: unknown): ChargeResult | null {
  if (
    err instanceof Stripe.errors.StripeCardError ||
    (err instanceof Stripe.errors.StripeInvalidRequestError && err.payment_intent !== undefined)
  ) {
    return { status: 'failed', paymentRef: err.payment_intent?.id ?? null, message: err.message };
  }
  return null;
}

/** How a PaymentIntent stands, in the interface's terms. */
export function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentRef: intent.id };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      // Another kind of step (Stripe.js only): the webhook tells how it ends.
      if (url == null) return { status: 'processing', paymentRef: intent.id };
      return { status: 'requires_action', paymentRef: intent.id, actionUrl: url };
    }
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', paymentRef: intent.id };
    case 'canceled':
      return { status: 'failed', paymentRef: intent.id, message: 'The payment was cancelled.' };
    case 'requires_payment_method':
    case 'requires_confirmation':
    default:
      // requires_payment_method (a decline, a failed 3-D Secure), requires_confirmation, or a state
      // newer than this code: nothing was taken and we never confirm again.
      return {
        status: 'failed',
        paymentRef: intent.id,
        message: intent.last_payment_error?.message ?? 'Your card was declined.',
      };
  }
}
