/**
 * A card subscription's whole life through the SANDBOX gateway, with the member's role checked at each
 * step: subscribe, renew, a failed renewal (grace), paying the amount due (recovered), an upgrade now
 * and a downgrade at the next cycle, cancel and uncancel, and expiry through the sweep; and a grace
 * period running out. Each step moves the member's own dates, then runs the sweep as the job does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/user';
import {
  act,
  attemptKey,
  cards,
  me,
  newMember,
  order,
  portal,
  dueIn,
  graceOverIn,
  startBillingStack,
  subscribeApproved,
  sweep,
  tokenise,
  type BillingStack,
} from '../../support/billing';
import type { SignedInMember } from '../../support/members';
import { connectMember, nextEvent } from '../../support/stack';

let b: BillingStack;

beforeAll(async () => {
  b = await startBillingStack();
});
afterAll(async () => {
  await b.close();
});

async function roleOf(member: SignedInMember): Promise<Role> {
  return (await me(b, member)).role;
}

async function current(member: SignedInMember) {
  const [sub] = await portal(b, member);
  if (sub === undefined) throw new Error('no subscription');
  return sub;
}

describe('a card subscription', () => {
  it('moves through renew, grace, recovery, upgrade, downgrade, cancel, uncancel and expiry', async () => {
    const member = await newMember(b);
    const socket = await connectMember(b.stack.url, member.session.accessToken);
    expect(await roleOf(member)).toBe('free_tier');

    // Subscribe: the role moves at once and the member's open socket is told.
    const paid = await subscribeApproved(b, member, { planId: 'basic-1m' });
    await nextEvent(socket, 'account:changed');
    expect(await roleOf(member)).toBe('paid_basic');
    expect((await order(b, member, paid.orderId)).status).toBe('paid');
    const first = await current(member);
    expect(first).toMatchObject({
      subscriptionStatus: 'active',
      frequency: 'Monthly Subscription',
      currentProduct: { planId: 'basic-1m', price: 15 },
      creditCard: { last4: '4242', type: 'visa' },
      isCardDeleted: false,
    });
    expect((await me(b, member)).subscription).toMatchObject({
      platform: 'card',
      status: 'active',
    });

    // Renew at recur_at: charged again, a month on, same role.
    await dueIn(b, member, -1000);
    await sweep(b);
    const renewed = await current(member);
    expect(Date.parse(renewed.recurAt)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(renewed.subscriptionStatus).toBe('active');
    expect(await roleOf(member)).toBe('paid_basic');

    // A card that declines charges: the next renewal fails, grace keeps access.
    const failing = await tokenise(b, member, cards.declinesCharges);
    const base = { orderId: first.orderId, subscriptionId: first.subscriptionId };
    expect(
      (await act(b, member, { ...base, action: 'change_card', cardToken: failing })).statusCode,
    ).toBe(200);
    await dueIn(b, member, -1000);
    await sweep(b);
    const grace = await current(member);
    expect(grace).toMatchObject({ subscriptionStatus: 'grace', amountDue: 15 });
    expect(grace.graceUntil).not.toBeNull();
    expect(await roleOf(member)).toBe('paid_basic');

    // Paying the amount due with a working card recovers it, for the period that had failed.
    const working = await tokenise(b, member, cards.approved);
    await act(b, member, { ...base, action: 'change_card', cardToken: working });
    const rebill = await act(b, member, {
      ...base,
      action: 'charge_rebill',
      idempotencyKey: attemptKey(),
    });
    expect(rebill.statusCode).toBe(200);
    const recovered = await current(member);
    expect(recovered.subscriptionStatus).toBe('active');
    expect(Date.parse(recovered.recurAt)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(recovered.amountDue).toBeNull();

    // Upgrade now: a prorated charge and the higher role at once.
    const premium = recovered.availablePlans.find((p) => p.planId === 'premium-1m');
    expect(premium?.upgradePrice).toBeGreaterThan(0);
    const up = await act(b, member, {
      ...base,
      action: 'change_plan',
      planId: 'premium-1m',
      idempotencyKey: attemptKey(),
    });
    expect(up.statusCode).toBe(200);
    expect(await roleOf(member)).toBe('paid_premium');
    expect((await current(member)).currentProduct.planId).toBe('premium-1m');

    // Downgrade at the next cycle: the role holds until the renewal, then moves down.
    const down = await act(b, member, {
      ...base,
      action: 'change_plan',
      planId: 'basic-1m',
      idempotencyKey: attemptKey(),
    });
    expect(down.json()).toMatchObject({ status: 'SUCCESS', subscriptionStatus: 'active' });
    const pending = await current(member);
    expect(pending.nextProduct?.planId).toBe('basic-1m');
    expect(await roleOf(member)).toBe('paid_premium');
    await dueIn(b, member, -1000);
    await sweep(b);
    expect((await current(member)).currentProduct.planId).toBe('basic-1m');
    expect(await roleOf(member)).toBe('paid_basic');

    // Cancel keeps access until recur_at; uncancel resumes; cancel again and let it run out.
    const cancelled = await act(b, member, { ...base, action: 'cancel' });
    expect(cancelled.json()).toMatchObject({ subscriptionStatus: 'cancelled' });
    expect((await act(b, member, { ...base, action: 'uncancel' })).json()).toMatchObject({
      subscriptionStatus: 'active',
    });
    await act(b, member, { ...base, action: 'cancel' });
    await dueIn(b, member, 60_000);
    await sweep(b);
    expect(await roleOf(member)).toBe('paid_basic');
    await dueIn(b, member, 0);
    await sweep(b);
    expect((await current(member)).subscriptionStatus).toBe('expired');
    expect(await roleOf(member)).toBe('free_tier');
    expect((await me(b, member)).subscription).toBeNull();
    socket.close();
  });

  it('ends when the grace period runs out without payment', async () => {
    const member = await newMember(b);
    await subscribeApproved(b, member, { planId: 'premium-1m' });
    const sub = await current(member);
    const failing = await tokenise(b, member, cards.declinesCharges);
    const base = { orderId: sub.orderId, subscriptionId: sub.subscriptionId };
    await act(b, member, { ...base, action: 'change_card', cardToken: failing });
    await dueIn(b, member, -1000);
    await sweep(b);
    const grace = await current(member);
    expect(grace.subscriptionStatus).toBe('grace');
    await graceOverIn(b, member, 60_000);
    await sweep(b);
    expect(await roleOf(member)).toBe('paid_premium');
    await graceOverIn(b, member, 0);
    await sweep(b);
    expect((await current(member)).subscriptionStatus).toBe('expired');
    expect(await roleOf(member)).toBe('free_tier');
  });

  it('shows an expired subscriber only Choose Plan & Reactivate: a new purchase starts a new one', async () => {
    const member = await newMember(b);
    await subscribeApproved(b, member, { planId: 'basic-1m' });
    const sub = await current(member);
    await act(b, member, {
      orderId: sub.orderId,
      subscriptionId: sub.subscriptionId,
      action: 'cancel',
    });
    await dueIn(b, member, 0);
    await sweep(b);
    for (const action of ['cancel', 'uncancel']) {
      const res = await act(b, member, {
        orderId: sub.orderId,
        subscriptionId: sub.subscriptionId,
        action,
      });
      expect(res.json()).toMatchObject({ error: { code: 'subscription_action_invalid' } });
    }
    await subscribeApproved(b, member, { planId: 'basic-1m', card: null });
    expect(await roleOf(member)).toBe('paid_basic');
    const [latest, earlier] = await portal(b, member);
    expect(latest?.subscriptionStatus).toBe('active');
    expect(earlier?.subscriptionStatus).toBe('expired');
  });
});
