/**
 * Gateway webhooks (issue 23): a verified event settles the order it names, whoever else reports the
 * same payment. An event is refused (nothing changes) when its signature does not verify, or when the
 * payment it reports does not match the order it names: another member's customer, another amount or
 * currency. An event id is acted on once: a replay or a second delivery is answered and ignored.
 */
import * as billing from '../../db/repositories/billing.repo';
import * as orders from '../../db/repositories/orders.repo';
import { announceAccountChange } from '../../lib/account-events';
import type { GatewayEvent } from '../../lib/billing/gateway';
import { applyFailed, applyPaid, type BillingDeps } from '../../lib/billing/lifecycle';
import { AppError } from '../../lib/errors';

type PaymentEvent = Extract<GatewayEvent, { type: 'payment.succeeded' | 'payment.failed' }>;

export async function receiveWebhook(
  deps: BillingDeps,
  gatewayName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const gateway = deps.gateway;
  if (gateway?.name !== gatewayName) throw new AppError('not_found');
  let event: GatewayEvent;
  try {
    event = gateway.verifyWebhook(rawBody, headers);
  } catch (err) {
    deps.log.warn({ err, gateway: gatewayName }, 'webhook refused: not verified');
    throw new AppError('webhook_invalid', { cause: err });
  }
  if (event.type === 'ignored') return;
  if (
    !(await billing.recordEvent(deps.db, { gateway: gateway.name, id: event.id, type: event.type }))
  ) {
    return;
  }
  try {
    if (event.type === 'card.removed') {
      const userId = await billing.markCardRemoved(deps.db, gateway.name, event.paymentMethodRef);
      if (userId !== undefined) await announceAccountChange(deps, userId);
      return;
    }
    await applyPaymentEvent(deps, gateway.name, event);
  } catch (err) {
    // Not acted on: forget the id so the gateway's next delivery is acted on.
    await billing.forgetEvent(deps.db, { gateway: gateway.name, id: event.id });
    throw err;
  }
}

async function applyPaymentEvent(
  deps: BillingDeps,
  gatewayName: string,
  event: PaymentEvent,
): Promise<void> {
  const order =
    (event.orderId === null ? undefined : await orders.findById(deps.db, event.orderId)) ??
    (await orders.findByPaymentRef(deps.db, gatewayName, event.paymentRef));
  if (order?.userId == null || order.gateway !== gatewayName) {
    refuse(deps, event, 'no such order');
  }
  const profile = await billing.findProfile(deps.db, order.userId);
  if (profile?.customerRef == null || profile.customerRef !== event.customerRef) {
    refuse(deps, event, "the payment is another member's");
  }
  if (event.amount !== order.total || event.currency.toUpperCase() !== order.currency) {
    refuse(deps, event, 'the amount or currency differs from the order');
  }
  if (event.type === 'payment.succeeded') {
    await applyPaid(deps, order.id, event.paymentRef);
    return;
  }
  // A failure of an older attempt than the order's latest changes nothing.
  if (order.paymentRef !== null && order.paymentRef !== event.paymentRef) return;
  await applyFailed(deps, order.id, event.message ?? 'Your card was declined.', event.paymentRef);
}

function refuse(deps: BillingDeps, event: PaymentEvent, reason: string): never {
  deps.log.warn({ event: event.id, paymentRef: event.paymentRef, reason }, 'webhook refused');
  throw new AppError('webhook_invalid', { message: `The webhook was refused: ${reason}.` });
}
