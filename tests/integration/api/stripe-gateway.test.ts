/**
 * The product with PAYMENT_GATEWAY=stripe, its official SDK pointed at a local Stripe peer: approved,
 * 3-D Secure and declined cards, Stripe failing or hanging mid-checkout, replayed, concurrent, forged and
 * stale webhooks, and a double click: the member is granted a plan once, and Stripe charged once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '#server/config';
import { PaymentSubmitResponseSchema, PurchaseOptionsSchema } from '#shared/schemas/billing';
import {
  attemptKey,
  inject,
  me,
  newMember,
  order,
  payWithProvider,
  startBillingStack,
  subscribe,
  sweep,
  type BillingStack,
} from '../../support/billing';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import type { SignedInMember } from '../../support/members';
import { startStripePeer, stripeSignature, type StripePeer } from '../../support/stripe-peer';

let peer: StripePeer;
let b: BillingStack;
let webhookUrl: string;

beforeAll(async () => {
  peer = await startStripePeer();
  // One second per request to Stripe, so a hanging peer is a timeout soon.
  b = await startBillingStack({ overrides: { ...peer.env(), STRIPE_TIMEOUT_MS: '1000' } });
  webhookUrl = `${b.stack.app.deps.config.PUBLIC_URL ?? ''}/api/payments/webhooks/stripe`;
  peer.deliverTo(webhookUrl);
});
afterAll(async () => {
  await peer.settled();
  await b.close();
  await peer.close();
});

const cards = {
  visa: 'pm_card_visa',
  threeDs: 'pm_card_threeDSecure2Required',
  declined: 'pm_card_chargeDeclined',
} as const;

function pay(member: SignedInMember, paymentToken: string, key?: string) {
  return subscribe(b, member, { paymentToken, ...(key === undefined ? {} : { key }) });
}

async function ordersOf(member: SignedInMember) {
  return b.stack.app.deps.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', member.session.user.id)
    .execute();
}

async function subscriptionsOf(member: SignedInMember) {
  return b.stack.app.deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', member.session.user.id)
    .execute();
}

/** POSTs a webhook body to our Stripe route, signed as given (or freshly with the peer's secret). */
function postWebhook(
  payload: string,
  signature: string | null = stripeSignature(peer.webhookSecret, payload),
) {
  return inject(b)({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Starts a 3-D Secure purchase and answers the page Stripe sends the browser to. */
async function startThreeDs(member: SignedInMember) {
  const res = await pay(member, cards.threeDs);
  const body = PaymentSubmitResponseSchema.parse(res.json());
  expect(body.respMsg).toBe('redirect');
  const actionUrl = z.string().parse(body.iframe3dsUrl);
  expect(actionUrl.startsWith(peer.url)).toBe(true);
  return { body, actionUrl };
}

describe('configuration', () => {
  it('refuses PAYMENT_GATEWAY=stripe without its keys', () => {
    expect(() => testConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(ConfigError);
    expect(() => testConfig({ ...peer.env(), STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is missing/,
    );
  });

  it('tells the browser to take cards with Stripe.js and the publishable key', async () => {
    const res = await inject(b)({ method: 'GET', url: '/api/subscriptions/purchase_options' });
    const options = PurchaseOptionsSchema.parse(res.json());
    expect(options.cardForm).toEqual({
      kind: 'stripe',
      publishableKey: peer.publishableKey,
      scriptUrl: `${peer.url}/v3/`,
    });
  });

  it('lets the page load Stripe.js, call Stripe and frame its 3-D Secure page, and no more', async () => {
    const res = await inject(b)({ method: 'GET', url: '/checkout' });
    const policy = new Map(
      String(res.headers['content-security-policy'])
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
    );
    expect(policy.get('script-src')).toEqual(["'self'", peer.url]);
    expect(policy.get('connect-src')).toContain(peer.url);
    expect(policy.get('frame-src')).toEqual(["'self'", peer.url, 'https://hooks.stripe.com']);
  });

  it('offers only the other methods Stripe takes on a page of its own, and refuses the rest', async () => {
    const res = await inject(b)({ method: 'GET', url: '/api/subscriptions/purchase_options' });
    const codes = PurchaseOptionsSchema.parse(res.json()).paymentMethods.map((m) => m.code);
    expect(codes).toEqual(['card', 'paypal', 'alipay', 'crypto']);
    const member = await newMember(b);
    const refused = await payWithProvider(b, member, 'pix');
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused.json())).toBe('payment_method_unavailable');
    expect(await ordersOf(member)).toEqual([]);
  });

  it('signs webhooks in the peer exactly as the Stripe SDK does', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const timestamp = Math.floor(Date.now() / 1000);
    expect(stripeSignature(peer.webhookSecret, payload, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: peer.webhookSecret, timestamp }),
    );
  });
});

describe('paying by card through Stripe', () => {
  it('pays with an approved card and moves the role', async () => {
    const member = await newMember(b);
    const body = PaymentSubmitResponseSchema.parse((await pay(member, cards.visa)).json());
    expect(body.respMsg).toBe('Approved');
    const intents = peer.intentsOf(body.orderId);
    expect(intents.map((pi) => pi.status)).toEqual(['succeeded']);
    expect(body.transactionId).toBe(intents[0]?.id);
    expect((await order(b, member, body.orderId)).status).toBe('paid');
    expect((await me(b, member)).role).toBe('paid_basic');
    // Stripe's own webhook for the same payment changes nothing more.
    await peer.settled();
    expect(await subscriptionsOf(member)).toHaveLength(1);
  });

  it('completes 3-D Secure through the redirect, the webhook granting the plan once', async () => {
    const member = await newMember(b);
    const { body, actionUrl } = await startThreeDs(member);
    expect((await me(b, member)).role).toBe('free_tier');
    const page = await fetch(`${actionUrl}?result=succeed`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(z.string().parse(page.headers.get('location')));
    expect(back.pathname).toBe('/api/checkout/3ds/return');
    expect(back.searchParams.get('order')).toBe(body.orderId);
    await peer.settled();
    const delivered = peer.deliveries.filter((d) => d.payload.includes(body.orderId));
    expect(delivered.map((d) => [d.type, d.status])).toEqual([['payment_intent.succeeded', 200]]);
    expect((await order(b, member, body.orderId)).status).toBe('paid');
    expect((await me(b, member)).role).toBe('paid_basic');
    // The browser lands on our return page, which confirms it.
    const returned = await inject(b)({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.body).toContain('Payment confirmed.');
    expect(await subscriptionsOf(member)).toHaveLength(1);
  });

  it('fails a 3-D Secure challenge the member fails, granting nothing', async () => {
    const member = await newMember(b);
    const { body, actionUrl } = await startThreeDs(member);
    const page = await fetch(`${actionUrl}?result=fail`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    await peer.settled();
    const stored = await order(b, member, body.orderId);
    expect(stored.status).toBe('failed');
    expect((await me(b, member)).role).toBe('free_tier');
    expect(await subscriptionsOf(member)).toHaveLength(0);
  });

  it('answers a declined card with the decline, granting nothing', async () => {
    const member = await newMember(b);
    const res = await pay(member, cards.declined);
    expect(res.statusCode).toBe(200);
    const body = PaymentSubmitResponseSchema.parse(res.json());
    expect(body.respMsg).toBeNull();
    expect(body.errorMessage).toBe('Your card was declined.');
    expect((await order(b, member, body.orderId)).status).toBe('failed');
    await peer.settled();
    expect((await me(b, member)).role).toBe('free_tier');
    expect(await subscriptionsOf(member)).toHaveLength(0);
  });

  it('refuses a card token Stripe does not know as an invalid card', async () => {
    const member = await newMember(b);
    const res = await pay(member, 'pm_unknown');
    expect(errorCode(res.json())).toBe('payment_card_invalid');
    expect((await me(b, member)).role).toBe('free_tier');
  });
});

describe('Stripe failing mid-checkout', () => {
  it.each([
    ['answers 500', '500'],
    ['hangs past the timeout', 'hang'],
  ] as const)(
    'leaves nothing half-done when Stripe %s, and the retry charges once',
    async (_what, mode) => {
      const member = await newMember(b);
      const key = attemptKey();
      peer.fail(mode, '/v1/payment_intents');
      const first = await pay(member, cards.visa, key);
      peer.restore();
      expect(first.statusCode).toBe(502);
      expect(errorCode(first.json())).toBe('payment_gateway_error');
      const [open] = await ordersOf(member);
      expect(open?.status).not.toBe('paid');
      expect(peer.intentsOf(open?.id ?? '')).toHaveLength(0);
      expect((await me(b, member)).role).toBe('free_tier');
      expect(await subscriptionsOf(member)).toHaveLength(0);

      const retried = PaymentSubmitResponseSchema.parse(
        (await pay(member, cards.visa, key)).json(),
      );
      expect(retried.respMsg).toBe('Approved');
      expect(retried.orderId).toBe(open?.id);
      expect(peer.intentsOf(retried.orderId)).toHaveLength(1);
      expect((await me(b, member)).role).toBe('paid_basic');
    },
  );

  it('answers what Stripe did when its answer was lost, instead of charging again', async () => {
    const member = await newMember(b);
    const key = attemptKey();
    peer.fail('lose-answer', '/v1/payment_intents');
    const first = await pay(member, cards.visa, key);
    peer.restore();
    expect(errorCode(first.json())).toBe('payment_gateway_error');
    await peer.settled();
    const retried = PaymentSubmitResponseSchema.parse((await pay(member, cards.visa, key)).json());
    expect(retried.respMsg).toBe('Approved');
    expect(peer.intentsOf(retried.orderId)).toHaveLength(1);
    expect((await ordersOf(member)).map((o) => o.status)).toEqual(['paid']);
    expect(await subscriptionsOf(member)).toHaveLength(1);
  });
});

describe('settling what the member left', () => {
  it('cancels an abandoned 3-D Secure payment when the member checks out again', async () => {
    const member = await newMember(b);
    const { body: abandoned } = await startThreeDs(member);
    const paid = PaymentSubmitResponseSchema.parse((await pay(member, cards.visa)).json());
    expect(paid.respMsg).toBe('Approved');
    expect(peer.intentsOf(abandoned.orderId).map((pi) => pi.status)).toEqual(['canceled']);
    await peer.settled();
    expect((await order(b, member, abandoned.orderId)).status).toBe('failed');
    expect(await subscriptionsOf(member)).toHaveLength(1);
  });

  it('finds a charge whose answer and webhook were lost by its key, in the sweep', async () => {
    const member = await newMember(b);
    peer.fail('lose-answer', '/v1/payment_intents');
    peer.deliverTo('http://127.0.0.1:1/unreachable');
    try {
      const first = await pay(member, cards.visa);
      expect(errorCode(first.json())).toBe('payment_gateway_error');
      await peer.settled();
    } finally {
      peer.restore();
      peer.deliverTo(webhookUrl);
    }
    expect((await ordersOf(member)).map((o) => o.status)).not.toContain('paid');
    await b.stack.app.deps.db
      .updateTable('orders')
      .set({ updated_at: sql<Date>`now() - interval '1 hour'` })
      .where('user_id', '=', member.session.user.id)
      .execute();
    await sweep(b);
    const stored = await ordersOf(member);
    expect(stored.map((o) => o.status)).toEqual(['paid']);
    expect(peer.intentsOf(stored[0]?.id ?? '')).toHaveLength(1);
    expect((await me(b, member)).role).toBe('paid_basic');
  });
});

describe('paying with another method through Stripe', () => {
  it("sends the member to the provider's page and is paid by the webhook", async () => {
    const member = await newMember(b);
    const res = await payWithProvider(b, member, 'paypal');
    const { url } = z.object({ url: z.string() }).parse(res.json());
    expect(url.startsWith(`${peer.url}/pay/`)).toBe(true);
    const page = await fetch(`${url}?result=succeed`, { redirect: 'manual' });
    expect(new URL(z.string().parse(page.headers.get('location'))).pathname).toBe(
      '/checkout/success',
    );
    await peer.settled();
    expect((await ordersOf(member)).map((o) => o.status)).toEqual(['paid']);
    expect((await me(b, member)).role).toBe('paid_basic');
  });
});

describe('charged once', () => {
  it('makes one PaymentIntent for a double click (the same idempotency key twice at once)', async () => {
    const member = await newMember(b);
    const key = attemptKey();
    const answers = await Promise.all([pay(member, cards.visa, key), pay(member, cards.visa, key)]);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorCode(r.json())));
    expect(codes).toContain('ok');
    for (const code of codes) expect(['ok', 'checkout_in_progress']).toContain(code);
    const stored = await ordersOf(member);
    expect(stored).toHaveLength(1);
    expect(peer.intentsOf(stored[0]?.id ?? '')).toHaveLength(1);
    expect(await subscriptionsOf(member)).toHaveLength(1);
  });

  it('asks Stripe for one PaymentIntent when the gateway charges twice with one key', async () => {
    const member = await newMember(b);
    await pay(member, cards.visa);
    const gateway = b.stack.app.deps.billing.gateway;
    if (gateway === null) throw new Error('no gateway');
    const profile = await b.stack.app.deps.db
      .selectFrom('billing_profiles')
      .selectAll()
      .where('user_id', '=', member.session.user.id)
      .executeTakeFirstOrThrow();
    const orderId = randomUUID();
    const input = {
      orderId,
      amount: 999,
      currency: 'USD',
      customerRef: profile.customer_ref ?? '',
      paymentMethodRef: profile.payment_method_ref ?? '',
      offSession: true,
      idempotencyKey: `order-${orderId}-1`,
      returnUrl: 'http://127.0.0.1/return',
      description: 'a renewal',
    };
    const [first, second] = await Promise.all([gateway.charge(input), gateway.charge(input)]);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    expect(peer.intentsOf(orderId)).toHaveLength(1);
  });
});

describe('Stripe webhooks', () => {
  /** A 3-D Secure purchase whose webhook our server has not received (held at the peer). */
  async function heldThreeDs() {
    const member = await newMember(b);
    const { body, actionUrl } = await startThreeDs(member);
    peer.deliverTo('http://127.0.0.1:1/unreachable');
    try {
      await fetch(`${actionUrl}?result=succeed`, { redirect: 'manual' });
      await peer.settled();
    } finally {
      peer.deliverTo(webhookUrl);
    }
    const held = peer.deliveries.find((d) => d.status === 0 && d.payload.includes(body.orderId));
    if (held === undefined) throw new Error('no held webhook');
    expect((await order(b, member, body.orderId)).status).toBe('requires_action');
    return { member, orderId: body.orderId, payload: held.payload };
  }

  it('grants once for a replayed webhook and for two identical ones at once', async () => {
    const { member, orderId, payload } = await heldThreeDs();
    const twice = await Promise.all([postWebhook(payload), postWebhook(payload)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const replayed = await postWebhook(payload);
    expect(replayed.statusCode).toBe(200);
    expect((await order(b, member, orderId)).status).toBe('paid');
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect((await me(b, member)).role).toBe('paid_basic');
  });

  it('refuses forged, unsigned and stale webhooks, changing nothing', async () => {
    const { member, orderId, payload } = await heldThreeDs();
    const stale = Math.floor(Date.now() / 1000) - 600;
    const forged = await postWebhook(payload, stripeSignature('whsec_forged', payload));
    const unsigned = await postWebhook(payload, null);
    const old = await postWebhook(payload, stripeSignature(peer.webhookSecret, payload, stale));
    const tampered = await postWebhook(
      payload.replace('"amount":', '"amount":1'),
      stripeSignature(peer.webhookSecret, payload),
    );
    for (const res of [forged, unsigned, old, tampered]) {
      expect(res.statusCode).toBe(400);
      expect(errorCode(res.json())).toBe('webhook_invalid');
    }
    expect((await order(b, member, orderId)).status).toBe('requires_action');
    expect(await subscriptionsOf(member)).toHaveLength(0);
    expect((await me(b, member)).role).toBe('free_tier');
  });
});
