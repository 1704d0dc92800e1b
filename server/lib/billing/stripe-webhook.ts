/**
 * Stripe's webhooks, verified with its SDK (`Stripe-Signature`: a timestamp and an HMAC-SHA256 of
 * "<t>.<body>" under the endpoint's secret, refused when older than five minutes) and reduced to the
 * events our engine acts on: a PaymentIntent that succeeded, failed or was cancelled, and a card
 * detached from its customer. Every other event type is answered and ignored.
 */
import type Stripe from 'stripe';
import type { GatewayEvent } from './gateway';

/** Metadata keys we give Stripe objects, so its events and searches lead back to ours. */
export const stripeMetadata = {
  orderId: 'order_id',
  attemptKey: 'attempt_key',
  userId: 'user_id',
} as const;

export const stripeSignatureHeader = 'stripe-signature';

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (ref == null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

export function readStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  webhookSecret: string,
): GatewayEvent {
  const header = headers[stripeSignatureHeader];
  if (typeof header !== 'string') throw new Error('unsigned');
  const event = stripe.webhooks.constructEvent(rawBody, header, webhookSecret);
  if (
    event.type === 'payment_intent.succeeded' ||
    event.type === 'payment_intent.payment_failed' ||
    event.type === 'payment_intent.canceled'
  ) {
    const intent = event.data.object;
    const message =
      event.type === 'payment_intent.succeeded'
        ? null
        : event.type === 'payment_intent.canceled'
          ? 'The payment was cancelled.'
          : (intent.last_payment_error?.message ?? 'Your card was declined.');
    return {
      id: event.id,
      type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
      paymentRef: intent.id,
      orderId: intent.metadata[stripeMetadata.orderId] ?? null,
      customerRef: idOf(intent.customer),
      amount: intent.amount,
      currency: intent.currency,
      message,
    };
  }
  if (event.type === 'payment_method.detached') {
    // A detached card has no customer any more; the one it had is in previous_attributes.
    const previous: { customer?: string | { id: string } | null } =
      event.data.previous_attributes ?? {};
    return {
      id: event.id,
      type: 'card.removed',
      paymentMethodRef: event.data.object.id,
      customerRef: idOf(previous.customer) ?? idOf(event.data.object.customer),
    };
  }
  return { id: event.id, type: 'ignored' };
}
