/**
 * The billing sweep (shared/jobs/billing.ts): renews due card subscriptions, ends cancelled, unrenewed
 * and out-of-grace ones, and settles orders left open whose answer was lost. One subscription or order
 * failing (a gateway down) is logged and left for the next sweep; the others go on.
 */
import type { EndSubscriptionJob } from '#shared/jobs/billing';
import * as orders from '#server/db/repositories/orders.repo';
import * as subscriptions from '#server/db/repositories/subscriptions.repo';
import type { SubscriptionRecord } from '#server/db/repositories/subscriptions.repo';
import {
  applyCharge,
  applyFailed,
  dueAction,
  endSubscription,
  gatewayOf,
  lastAttemptKey,
  renewSubscription,
  type BillingDeps,
} from '#server/lib/billing/lifecycle';

/** Subscriptions acted on per sweep; the rest wait for the next one. */
const batch = 200;
/** An open order untouched this long is settled by asking the gateway. */
const staleMs = 10 * 60_000;
/** A payment still waiting on the member after this long is called off. */
const abandonedMs = 24 * 3600_000;

export async function sweepBilling(deps: BillingDeps, now: Date = new Date()): Promise<void> {
  for (const sub of await subscriptions.listDue(deps.db, now, batch)) {
    await actOn(deps, sub, now).catch((err: unknown) => {
      deps.log.warn(
        { err, subscriptionId: sub.id },
        'billing: subscription left for the next sweep',
      );
    });
  }
  if (deps.gateway === null) return;
  for (const order of await orders.listStale(deps.db, new Date(now.getTime() - staleMs), batch)) {
    await settle(deps, order, now).catch((err: unknown) => {
      deps.log.warn({ err, orderId: order.id }, 'billing: order left for the next sweep');
    });
  }
}

/** The delayed end of a cancelled subscription, at its recur_at. */
export async function endAtRecur(
  deps: BillingDeps,
  job: EndSubscriptionJob,
  now: Date = new Date(),
): Promise<void> {
  const sub = await subscriptions.findById(deps.db, job.subscriptionId);
  if (sub === undefined) return;
  // A delayed job may start a moment before its time (clocks of Redis and this host differ):
  // access ends at recur_at, not before it.
  const early = sub.recurAt.getTime() - now.getTime();
  if (early > 0 && early <= maxEarlyMs) {
    await new Promise((resolve) => setTimeout(resolve, early));
    await actOn(deps, sub, sub.recurAt);
    return;
  }
  await actOn(deps, sub, now);
}

/** How early a delayed end may start and still wait for its time rather than leave it to the sweep. */
const maxEarlyMs = 5_000;

async function actOn(deps: BillingDeps, sub: SubscriptionRecord, now: Date): Promise<void> {
  switch (dueAction(sub, now)) {
    case 'renew':
      await renewSubscription(deps, sub);
      return;
    case 'end_cancelled':
      await endSubscription(deps, sub.id, 'cancelled', now);
      return;
    case 'end_not_renewed':
      await endSubscription(deps, sub.id, 'not_renewed', now);
      return;
    case 'end_grace':
      await endSubscription(deps, sub.id, 'grace_over', now);
      return;
    case null:
      return;
  }
}

async function settle(deps: BillingDeps, order: orders.OrderRecord, now: Date): Promise<void> {
  const gateway = gatewayOf(deps);
  const age = now.getTime() - order.updatedAt.getTime();
  const { paymentRef } = order;
  if (paymentRef !== null) {
    const result =
      order.status === 'requires_action' && age > abandonedMs
        ? await gateway.cancel(paymentRef)
        : await gateway.retrieve(paymentRef);
    if (result.status === 'succeeded' || result.status === 'failed') {
      await applyCharge(deps, order.id, result);
    }
    return;
  }
  const found =
    order.attempt > 0 ? await gateway.findCharge(order.id, lastAttemptKey(order)) : null;
  if (found !== null) {
    await applyCharge(deps, order.id, found);
    return;
  }
  await applyFailed(deps, order.id, 'The payment was not completed.', null);
}
