/**
 * A cancelled member keeps their tier exactly until recur_at and loses it then, through the billing
 * queue's delayed job, even when the server and workers restart in between; their open sockets are told.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  act,
  dueIn,
  me,
  newMember,
  portal,
  startBillingStack,
  subscribeApproved,
  type BillingStack,
} from '../../support/billing';
import { connectMember, nextEvent } from '../../support/stack';

let b: BillingStack;

beforeAll(async () => {
  // The sweep runs hourly here, so only the job scheduled at recur_at can end the subscription.
  b = await startBillingStack({ workers: true, overrides: { BILLING_SWEEP_MS: '3600000' } });
});
afterAll(async () => {
  await b.close();
});

it('ends access at recur_at through the scheduled job, across a restart', async () => {
  const member = await newMember(b);
  await subscribeApproved(b, member, { planId: 'premium-1m' });
  // Far enough ahead that the restart below finishes first, even on a busy machine.
  const recurAt = Date.now() + 12_000;
  await dueIn(b, member, recurAt - Date.now());
  const [sub] = await portal(b, member);
  const cancelled = await act(b, member, {
    orderId: sub?.orderId,
    subscriptionId: sub?.subscriptionId,
    action: 'cancel',
  });
  expect(cancelled.json()).toMatchObject({ subscriptionStatus: 'cancelled' });

  await b.restart();
  const socket = await connectMember(b.stack.url, member.session.accessToken);
  const changed = nextEvent(socket, 'account:changed', () => true, recurAt - Date.now() + 20_000);
  expect((await me(b, member)).role).toBe('paid_premium');
  await changed;
  const endedAt = Date.now();
  expect(endedAt).toBeGreaterThanOrEqual(recurAt);
  expect((await me(b, member)).role).toBe('free_tier');
  expect((await portal(b, member))[0]?.subscriptionStatus).toBe('expired');
  socket.close();
});
