/**
 * Stripe's webhooks read into our gateway events: which event types we act on, what each carries, and
 * which deliveries are refused (unsigned, forged, stale). The test peer's signature is checked against
 * the SDK's own, so the integration tests sign exactly as Stripe does.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { readStripeEvent } from '#server/lib/billing/stripe-webhook';
import { stripeSignature } from '../../../../support/stripe-peer';

const secret = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit', { telemetry: false });

function intent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 1500,
    currency: 'usd',
    customer: 'cus_1',
    metadata: { order_id: 'order-1', attempt_key: 'key-1' },
    status: 'succeeded',
    last_payment_error: null,
    ...overrides,
  };
}

function payload(type: string, object: unknown, previous?: unknown): string {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object, ...(previous === undefined ? {} : { previous_attributes: previous }) },
  });
}

function read(body: string, header?: string) {
  const signature = header ?? stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return readStripeEvent(stripe, Buffer.from(body), { 'stripe-signature': signature }, secret);
}

describe('readStripeEvent', () => {
  it('reads a succeeded PaymentIntent as a payment that succeeded for our order', () => {
    expect(read(payload('payment_intent.succeeded', intent()))).toEqual({
      id: 'evt_1',
      type: 'payment.succeeded',
      paymentRef: 'pi_1',
      orderId: 'order-1',
      customerRef: 'cus_1',
      amount: 1500,
      currency: 'usd',
      message: null,
    });
  });

  it("reads a failed PaymentIntent as a failed payment with Stripe's reason", () => {
    const failed = intent({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    expect(read(payload('payment_intent.payment_failed', failed))).toMatchObject({
      type: 'payment.failed',
      paymentRef: 'pi_1',
      message: 'Your card has insufficient funds.',
    });
  });

  it('reads a cancelled PaymentIntent as a failed payment', () => {
    const canceled = intent({ status: 'canceled', metadata: {} });
    expect(read(payload('payment_intent.canceled', canceled))).toMatchObject({
      type: 'payment.failed',
      orderId: null,
      message: 'The payment was cancelled.',
    });
  });

  it('reads a detached card as removed from the customer it had', () => {
    const method = { id: 'pm_1', object: 'payment_method', customer: null };
    expect(read(payload('payment_method.detached', method, { customer: 'cus_1' }))).toEqual({
      id: 'evt_1',
      type: 'card.removed',
      paymentMethodRef: 'pm_1',
      customerRef: 'cus_1',
    });
  });

  it('answers other event types as ignored', () => {
    expect(read(payload('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual({
      id: 'evt_1',
      type: 'ignored',
    });
  });

  it('refuses an unsigned, a forged, a stale and a tampered delivery', () => {
    const body = payload('payment_intent.succeeded', intent());
    const t = Math.floor(Date.now() / 1000);
    expect(() => readStripeEvent(stripe, Buffer.from(body), {}, secret)).toThrow();
    expect(() => read(body, stripeSignature('whsec_someone_else', body, t))).toThrow();
    expect(() => read(body, stripeSignature(secret, body, t - 10 * 60))).toThrow();
    expect(() => read(body.replace('1500', '1'), stripeSignature(secret, body, t))).toThrow();
    expect(() => read(body, 't=1,v1=00')).toThrow();
  });
});

describe("the test peer's signature", () => {
  it("is the SDK's own for the same payload, secret and time", () => {
    const body = payload('payment_intent.succeeded', intent());
    const timestamp = Math.floor(Date.now() / 1000);
    expect(stripeSignature(secret, body, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
    );
    expect(read(body, stripeSignature(secret, body, timestamp)).type).toBe('payment.succeeded');
  });
});
