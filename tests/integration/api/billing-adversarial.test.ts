/**
 * Money is taken once and only as the server prices it: double clicks, retried requests, replayed and
 * concurrent webhooks, forged or misdirected webhooks, client-sent prices, guessed and exhausted
 * coupons, another currency's plan, another member's order or subscription, and a gateway that fails
 * or loses its answer mid-checkout.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSubmitResponseSchema } from '#shared/schemas/billing';
import { signSandboxEvent } from '#server/lib/billing/sandbox.gateway';
import { sandboxWebhookSecret } from '#server/lib/billing/create-gateway';
import * as billingRepo from '#server/db/repositories/billing.repo';
import {
  act,
  address,
  attemptKey,
  cards,
  inject,
  me,
  newMember,
  order,
  portal,
  postSandboxWebhook,
  startBillingStack,
  subscribe,
  subscribeApproved,
  sweep,
  tokenise,
  type BillingStack,
} from '../../support/billing';
import { errorCode } from '../../support/http';
import type { SignedInMember } from '../../support/members';

let b: BillingStack;

/** The shipped plans, plus coupons for these tests. */
function commerceFile(): string {
  const shipped = z
    .record(z.string(), z.unknown())
    .parse(
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../../content/commerce.json'), 'utf8'),
      ),
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'commerce-'));
  const file = path.join(dir, 'commerce.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...shipped,
      coupons: [
        { code: 'ONCE', percentOff: 50, maxRedemptions: 1, oncePerMember: true },
        { code: 'TWO', percentOff: 20, maxRedemptions: 2, oncePerMember: true },
        { code: 'HALF', percentOff: 50, maxRedemptions: null, oncePerMember: true },
      ],
    }),
  );
  return file;
}

beforeAll(async () => {
  b = await startBillingStack({ overrides: { COMMERCE_FILE: commerceFile() } });
});
afterAll(async () => {
  await b.close();
});

async function ordersOf(member: SignedInMember) {
  return b.stack.app.deps.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', member.session.user.id)
    .execute();
}

async function liveSubscriptions(member: SignedInMember) {
  return b.stack.app.deps.db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', member.session.user.id)
    .where('status', '<>', 'expired')
    .execute();
}

describe('charging once', () => {
  it('charges a double click once: the same key reaches the same order', async () => {
    const member = await newMember(b);
    const key = attemptKey();
    const answers = await Promise.all([
      subscribe(b, member, { key }),
      subscribe(b, member, { key }),
    ]);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorCode(r.json())));
    expect(codes).toContain('ok');
    for (const code of codes) expect(['ok', 'checkout_in_progress']).toContain(code);
    // The retry after it went through answers the same approved order.
    const again = PaymentSubmitResponseSchema.parse((await subscribe(b, member, { key })).json());
    expect(again.respMsg).toBe('Approved');
    const stored = await ordersOf(member);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('paid');
    expect(again.orderId).toBe(stored[0]?.id);
    expect(await liveSubscriptions(member)).toHaveLength(1);
  });

  it('lets one of two purchases in two tabs through', async () => {
    const member = await newMember(b);
    const answers = await Promise.all([subscribe(b, member), subscribe(b, member)]);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorCode(r.json())));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok')[0]).toMatch(/checkout_in_progress|subscription_exists/);
    expect((await ordersOf(member)).filter((o) => o.status === 'paid')).toHaveLength(1);
    // And a later purchase while subscribed is refused before anything is charged.
    expect(errorCode((await subscribe(b, member)).json())).toBe('subscription_exists');
    expect((await ordersOf(member)).filter((o) => o.status === 'paid')).toHaveLength(1);
  });

  it('grants a payment once when the answer, the webhook and a replayed webhook all report it', async () => {
    const member = await newMember(b);
    const paid = await subscribeApproved(b, member);
    const stored = (await ordersOf(member))[0];
    const profile = await billingRepo.findProfile(b.stack.app.deps.db, member.session.user.id);
    const event = {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: {
        paymentRef: stored?.payment_ref,
        orderId: paid.orderId,
        customerRef: profile?.customerRef,
        amount: stored?.total,
        currency: 'USD',
      },
    };
    const deliveries = await Promise.all([
      postSandboxWebhook(b, event),
      postSandboxWebhook(b, event),
      postSandboxWebhook(b, { ...event, id: `evt_${randomUUID()}` }),
    ]);
    for (const res of deliveries) expect(res.statusCode).toBe(200);
    expect((await ordersOf(member)).filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(await liveSubscriptions(member)).toHaveLength(1);
    const [sub] = await portal(b, member);
    expect(sub?.recurAt).toBeDefined();
  });
});

describe('webhooks', () => {
  async function pendingOrder() {
    const member = await newMember(b);
    // A 3-D Secure payment waits on the member: a webhook is what would settle it.
    const res = PaymentSubmitResponseSchema.parse(
      (await subscribe(b, member, { card: cards.threeDs })).json(),
    );
    expect(res.respMsg).toBe('redirect');
    const stored = (await ordersOf(member))[0];
    const profile = await billingRepo.findProfile(b.stack.app.deps.db, member.session.user.id);
    return {
      member,
      event: {
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        data: {
          paymentRef: stored?.payment_ref,
          orderId: res.orderId,
          customerRef: profile?.customerRef,
          amount: stored?.total,
          currency: 'USD',
        },
      },
    };
  }

  it('refuses a forged, an unsigned and a stale webhook, and nothing changes', async () => {
    const { member, event } = await pendingOrder();
    const body = JSON.stringify(event);
    const secret = sandboxWebhookSecret(b.stack.app.deps.config);
    const forged = signSandboxEvent('x'.repeat(64), body);
    const stale = signSandboxEvent(secret, body, new Date(Date.now() - 10 * 60_000));
    for (const signature of [forged, '', stale, 't=1,v1=00']) {
      const res = await postSandboxWebhook(b, event, signature);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res.json())).toBe('webhook_invalid');
    }
    expect((await ordersOf(member))[0]?.status).toBe('requires_action');
    expect((await me(b, member)).role).toBe('free_tier');
    // The genuine event, signed, still goes through afterwards: refused ids were not kept.
    expect((await postSandboxWebhook(b, event)).statusCode).toBe(200);
    expect((await me(b, member)).role).toBe('paid_basic');
  });

  it('grants a payment the gateway reports taken after the order had failed, once', async () => {
    const { member, event } = await pendingOrder();
    const failed = { ...event, id: `evt_${randomUUID()}`, type: 'payment.failed' };
    expect((await postSandboxWebhook(b, failed)).statusCode).toBe(200);
    expect((await ordersOf(member))[0]?.status).toBe('failed');
    expect((await me(b, member)).role).toBe('free_tier');

    const late = await Promise.all([postSandboxWebhook(b, event), postSandboxWebhook(b, event)]);
    for (const res of late) expect(res.statusCode).toBe(200);
    expect((await ordersOf(member)).map((o) => o.status)).toEqual(['paid']);
    expect(await liveSubscriptions(member)).toHaveLength(1);
    expect((await me(b, member)).role).toBe('paid_basic');
  });

  it("refuses a signed webhook that puts another member's payment, or another amount, on an order", async () => {
    const { member, event } = await pendingOrder();
    const other = await newMember(b);
    await subscribeApproved(b, other);
    const otherProfile = await billingRepo.findProfile(b.stack.app.deps.db, other.session.user.id);
    const misdirected = {
      ...event,
      id: `evt_${randomUUID()}`,
      data: { ...event.data, customerRef: otherProfile?.customerRef },
    };
    expect((await postSandboxWebhook(b, misdirected)).statusCode).toBe(400);
    const cheaper = { ...event, id: `evt_${randomUUID()}`, data: { ...event.data, amount: 1 } };
    expect((await postSandboxWebhook(b, cheaper)).statusCode).toBe(400);
    const unknown = {
      ...event,
      id: `evt_${randomUUID()}`,
      data: { ...event.data, orderId: randomUUID(), paymentRef: 'pay_sb_none' },
    };
    expect((await postSandboxWebhook(b, unknown)).statusCode).toBe(400);
    expect((await ordersOf(member))[0]?.status).toBe('requires_action');
    expect((await me(b, member)).role).toBe('free_tier');
  });
});

describe('prices, coupons and currencies', () => {
  it('ignores a price or total sent by the client: the server prices the order', async () => {
    const member = await newMember(b);
    const token = (
      await inject(b)({
        method: 'POST',
        url: '/api/payments/sandbox/tokens',
        headers: member.headers,
        payload: { number: cards.approved, exp: '12/34', cvc: '123' },
      })
    ).json<{ token: string }>().token;
    const res = await inject(b)({
      method: 'POST',
      url: '/api/checkout/subscribe',
      headers: member.headers,
      payload: {
        ...address,
        email: member.email,
        planId: 'premium-1m',
        offerId: 'standard',
        platform: 'web',
        idempotencyKey: attemptKey(),
        paymentToken: token,
        total: 0.01,
        price: 0.01,
        orderTotal: 0.01,
        discount: 24.98,
      },
    });
    const answer = PaymentSubmitResponseSchema.parse(res.json());
    expect(answer.orderTotal).toBe(24.99);
    expect((await ordersOf(member))[0]?.total).toBe(2499);
  });

  it('prices the calculation with tax by address and the coupon, on the server', async () => {
    const member = await newMember(b);
    const res = await inject(b)({
      method: 'POST',
      url: '/api/checkout/calculate',
      headers: member.headers,
      payload: {
        planId: 'premium-1m',
        offerId: 'standard',
        country: 'DE',
        state: 'BE',
        promoCode: 'half',
      },
    });
    expect(res.json()).toMatchObject({
      subtotal: 24.99,
      discounts: [{ code: 'HALF', valid: true, total: 12.5, error: null }],
      tax: { total: 2.37, rate: 19 },
      total: 14.86,
      currency: 'USD',
    });
    const guessed = await inject(b)({
      method: 'POST',
      url: '/api/checkout/calculate',
      headers: member.headers,
      payload: { planId: 'premium-1m', offerId: 'standard', promoCode: 'FREEMONEY' },
    });
    expect(guessed.json()).toMatchObject({
      discounts: [{ code: 'FREEMONEY', valid: false, total: 0, error: 'Invalid coupon' }],
      total: 24.99,
    });
  });

  it('refuses a guessed coupon at payment and keeps nothing', async () => {
    const member = await newMember(b);
    const res = await subscribe(b, member, { promoCode: 'GUESS123' });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res.json())).toBe('coupon_invalid');
    expect(await ordersOf(member)).toHaveLength(0);
    expect((await me(b, member)).role).toBe('free_tier');
  });

  it('stops a coupon at its limit, even when many use it at once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => newMember(b)));
    const answers = await Promise.all(members.map((m) => subscribe(b, m, { promoCode: 'TWO' })));
    const approved = answers.filter((r) => r.statusCode === 200);
    expect(approved).toHaveLength(2);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(errorCode(r.json())).toBe('coupon_invalid');
    }
    expect(await billingRepo.redemptionsOf(b.stack.app.deps.db, 'TWO')).toBe(2);
  });

  it('refuses a once-per-member coupon the second time, and a declined payment gives it back', async () => {
    const member = await newMember(b);
    const declined = PaymentSubmitResponseSchema.parse(
      (await subscribe(b, member, { promoCode: 'ONCE', card: cards.declined })).json(),
    );
    expect(declined.errorMessage).toBe('Your card was declined.');
    expect(await billingRepo.redemptionsOf(b.stack.app.deps.db, 'ONCE')).toBe(0);
    await subscribeApproved(b, member, { promoCode: 'ONCE' });
    const [sub] = await portal(b, member);
    await act(b, member, {
      orderId: sub?.orderId,
      subscriptionId: sub?.subscriptionId,
      action: 'cancel',
    });
    const other = await newMember(b);
    expect(errorCode((await subscribe(b, other, { promoCode: 'ONCE' })).json())).toBe(
      'coupon_invalid',
    );
  });

  it("refuses a plan of another offer's currency and stores nothing", async () => {
    const member = await newMember(b);
    const res = await subscribe(b, member, { planId: 'premium-1m-eur', offerId: 'standard' });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res.json())).toBe('plan_not_in_offer');
    const calc = await inject(b)({
      method: 'POST',
      url: '/api/checkout/calculate',
      headers: member.headers,
      payload: { planId: 'premium-1m', offerId: 'eur' },
    });
    expect(errorCode(calc.json())).toBe('plan_not_in_offer');
    expect(await ordersOf(member)).toHaveLength(0);
  });
});

describe('bad input', () => {
  it('refuses malformed, oversized and NUL input with a clear 4xx, storing nothing', async () => {
    const member = await newMember(b);
    const cases: Record<string, unknown>[] = [
      { planId: 'x'.repeat(500) },
      { firstName: 'A\u0000da' },
      { email: 'not-an-email' },
      { postalCode: '1234' },
      { country: 'ZZ' },
      { country: 'US', state: 'XX' },
      { idempotencyKey: 'short' },
      { planId: 42 },
      { paymentToken: 'x'.repeat(300) },
    ];
    for (const patch of cases) {
      const res = await inject(b)({
        method: 'POST',
        url: '/api/checkout/subscribe',
        headers: member.headers,
        payload: {
          ...address,
          email: member.email,
          planId: 'basic-1m',
          offerId: 'standard',
          platform: 'web',
          idempotencyKey: attemptKey(),
          paymentToken: 'tok_sb_none',
          ...patch,
        },
      });
      expect(res.statusCode, JSON.stringify(patch)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(patch)).toBeLessThan(500);
    }
    expect(await ordersOf(member)).toHaveLength(0);
    const badCard = await inject(b)({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: member.headers,
      payload: { number: '4242424242424241', exp: '12/34', cvc: '123' },
    });
    expect(errorCode(badCard.json())).toBe('payment_card_invalid');
  });
});

describe("another member's things", () => {
  it("cannot read another member's order or act on their subscription", async () => {
    const owner = await newMember(b);
    const paid = await subscribeApproved(b, owner);
    const [sub] = await portal(b, owner);
    const intruder = await newMember(b);
    const read = await inject(b)({
      method: 'GET',
      url: `/api/checkout/orders/${paid.orderId}`,
      headers: intruder.headers,
    });
    expect(errorCode(read.json())).toBe('order_not_found');
    for (const action of ['cancel', 'uncancel']) {
      const res = await act(b, intruder, {
        orderId: sub?.orderId,
        subscriptionId: sub?.subscriptionId,
        action,
      });
      expect(errorCode(res.json())).toBe('subscription_not_found');
    }
    expect(await portal(b, intruder)).toEqual([]);
    expect((await portal(b, owner))[0]?.subscriptionStatus).toBe('active');
  });

  it("cannot change another member's plan or card, or pay what they owe", async () => {
    const owner = await newMember(b);
    await subscribeApproved(b, owner);
    const [sub] = await portal(b, owner);
    const intruder = await newMember(b);
    await subscribeApproved(b, intruder);
    const target = { orderId: sub?.orderId, subscriptionId: sub?.subscriptionId };
    const attempts = [
      { ...target, action: 'change_plan', planId: 'premium-1m', idempotencyKey: attemptKey() },
      { ...target, action: 'change_card', cardToken: await tokenise(b, intruder, cards.approved) },
      { ...target, action: 'charge_rebill', idempotencyKey: attemptKey() },
    ];
    for (const action of attempts) {
      expect(errorCode((await act(b, intruder, action)).json())).toBe('subscription_not_found');
    }
    // The intruder's own order with the owner's subscription is not a way in either.
    const [own] = await portal(b, intruder);
    const mixed = await act(b, intruder, {
      orderId: own?.orderId,
      subscriptionId: sub?.subscriptionId,
      action: 'cancel',
    });
    expect(errorCode(mixed.json())).toBe('subscription_not_found');
    const after = (await portal(b, owner))[0];
    expect(after).toMatchObject({
      subscriptionStatus: 'active',
      currentProduct: { planId: sub?.currentProduct.planId },
      nextProduct: null,
      creditCard: sub?.creditCard,
    });
    expect((await portal(b, intruder)).map((s) => s.subscriptionId)).toEqual([own?.subscriptionId]);
  });
});

describe('a gateway failing mid-checkout', () => {
  it('leaves nothing half-done on a 500, and the retry goes through once', async () => {
    const member = await newMember(b);
    const key = attemptKey();
    const first = await subscribe(b, member, { card: cards.outage, key });
    expect(first.statusCode).toBe(502);
    expect(errorCode(first.json())).toBe('payment_gateway_error');
    expect((await me(b, member)).role).toBe('free_tier');
    expect(await liveSubscriptions(member)).toHaveLength(0);
    const retried = PaymentSubmitResponseSchema.parse((await subscribe(b, member, { key })).json());
    expect(retried.respMsg).toBe('Approved');
    expect((await ordersOf(member)).filter((o) => o.status === 'paid')).toHaveLength(1);
    expect((await me(b, member)).role).toBe('paid_basic');
  });

  it('finds the charge whose answer was lost instead of charging again', async () => {
    const member = await newMember(b);
    const key = attemptKey();
    const first = await subscribe(b, member, { card: cards.lostAnswer, key });
    expect(errorCode(first.json())).toBe('payment_gateway_error');
    const retried = PaymentSubmitResponseSchema.parse((await subscribe(b, member, { key })).json());
    expect(retried.respMsg).toBe('Approved');
    const stored = await ordersOf(member);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'paid', attempt: 1 });
    expect((await order(b, member, retried.orderId)).status).toBe('paid');
  });

  it('settles a lost answer by the sweep when the member never retries', async () => {
    const member = await newMember(b);
    await subscribe(b, member, { card: cards.lostAnswer });
    // The sandbox's own webhook may settle it first; either way it ends paid exactly once.
    await b.stack.app.deps.db
      .updateTable('orders')
      .set({ updated_at: sql<Date>`now() - interval '1 hour'` })
      .where('user_id', '=', member.session.user.id)
      .where('status', '<>', 'paid')
      .execute();
    await sweep(b);
    const stored = await ordersOf(member);
    expect(stored.map((o) => o.status)).toEqual(['paid']);
    expect((await me(b, member)).role).toBe('paid_basic');
  });
});
