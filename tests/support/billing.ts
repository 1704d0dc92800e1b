/**
 * Billing tests' harness: the real app listening on a known port (the SANDBOX gateway POSTs its signed
 * webhooks to PUBLIC_URL, as a real gateway would), members who pay with sandbox test cards, and the
 * billing sweep run at a chosen time.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { z } from 'zod';
import { MeSchema } from '#shared/schemas/user';
import {
  OrderSchema,
  PaymentSubmitResponseSchema,
  SubscriptionSchema,
} from '#shared/schemas/billing';
import { sandboxWebhookSecret } from '#server/lib/billing/create-gateway';
import { signSandboxEvent } from '#server/lib/billing/sandbox.gateway';
import { testConfig } from './config';
import { signInMember, type SignedInMember } from './members';
import { startSmtp, type LocalSmtp } from './smtp-server';
import { startStack, type Stack } from './stack';
import { sweepBilling } from '#workers/billing/sweep.processor';

export const cards = {
  approved: '4242424242424242',
  threeDs: '4000000000003220',
  declined: '4000000000000002',
  declinesCharges: '4000000000000341',
  outage: '4000000000000119',
  lostAnswer: '4000000000000077',
} as const;

export const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  state: 'CA',
  postalCode: '94103',
} as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export interface BillingStack {
  stack: Stack;
  smtp: LocalSmtp;
  /** Stops the server and workers and starts them again on the same database, Redis and port. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The app (and, with `workers`, only the billing worker) on a free port that PUBLIC_URL names.
 * `overrides` reach the config (a test's own COMMERCE_FILE, a sweep interval).
 */
export async function startBillingStack(
  opts: { workers?: boolean; overrides?: Record<string, string> } = {},
): Promise<BillingStack> {
  const smtp = await startSmtp();
  const port = await freePort();
  const config = testConfig({
    SMTP_URL: smtp.url,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    WORKER_QUEUES: 'billing',
    // Every member of a file signs in from 127.0.0.1.
    SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000',
    ...opts.overrides,
  });
  const start = () => startStack(config, { workers: opts.workers ?? false, port });
  const b: BillingStack = {
    stack: await start(),
    smtp,
    restart: async () => {
      await b.stack.close();
      b.stack = await start();
    },
    close: async () => {
      await b.stack.close();
      await smtp.close();
    },
  };
  return b;
}

export function newMember(b: BillingStack): Promise<SignedInMember> {
  return signInMember(b.stack, b.smtp);
}

export function inject(b: BillingStack) {
  return b.stack.app.fastify.inject.bind(b.stack.app.fastify);
}

export async function tokenise(b: BillingStack, member: SignedInMember, number: string) {
  const res = await inject(b)({
    method: 'POST',
    url: '/api/payments/sandbox/tokens',
    headers: member.headers,
    payload: { number, exp: '12/34', cvc: '123' },
  });
  return z.object({ token: z.string() }).parse(res.json()).token;
}

/** A new idempotency key, as the checkout makes one per attempt. */
export function attemptKey(): string {
  return randomUUID();
}

export interface PayInput {
  planId?: string;
  offerId?: string;
  card?: string | null;
  /** A token made elsewhere (Stripe.js's pm_… id), sent as is instead of tokenising `card`. */
  paymentToken?: string;
  key?: string;
  promoCode?: string;
  email?: string;
}

/** POST /api/checkout/subscribe as the checkout sends it; answers the raw response. */
export async function subscribe(b: BillingStack, member: SignedInMember, input: PayInput = {}) {
  const token =
    input.paymentToken ??
    (input.card === null ? null : await tokenise(b, member, input.card ?? cards.approved));
  return inject(b)({
    method: 'POST',
    url: '/api/checkout/subscribe',
    headers: member.headers,
    payload: {
      ...address,
      email: input.email ?? member.email,
      planId: input.planId ?? 'basic-1m',
      offerId: input.offerId ?? 'standard',
      promoCode: input.promoCode ?? '',
      platform: 'web',
      idempotencyKey: input.key ?? attemptKey(),
      paymentToken: token,
    },
  });
}

export async function subscribeApproved(
  b: BillingStack,
  member: SignedInMember,
  input: PayInput = {},
) {
  const res = await subscribe(b, member, input);
  const body = PaymentSubmitResponseSchema.parse(res.json());
  if (body.respMsg !== 'Approved') throw new Error(`not approved: ${JSON.stringify(body)}`);
  return body;
}

/** Starts paying for the basic monthly plan with another method (`provider`: paypal, pix, …). */
export function payWithProvider(b: BillingStack, member: SignedInMember, provider: string) {
  return inject(b)({
    method: 'POST',
    url: `/api/checkout/${provider}/new_payment`,
    headers: member.headers,
    payload: {
      ...address,
      email: member.email,
      planId: 'basic-1m',
      offerId: 'standard',
      platform: 'web',
      idempotencyKey: attemptKey(),
    },
  });
}

export async function me(b: BillingStack, member: SignedInMember) {
  const res = await inject(b)({ method: 'GET', url: '/api/me', headers: member.headers });
  return MeSchema.parse(res.json());
}

export async function portal(b: BillingStack, member: SignedInMember) {
  const res = await inject(b)({
    method: 'GET',
    url: '/api/subscriptions/card',
    headers: member.headers,
  });
  return z.object({ items: z.array(SubscriptionSchema) }).parse(res.json()).items;
}

export async function act(
  b: BillingStack,
  member: SignedInMember,
  action: Record<string, unknown>,
) {
  return inject(b)({
    method: 'PUT',
    url: '/api/subscriptions/card',
    headers: member.headers,
    payload: action,
  });
}

export async function order(b: BillingStack, member: SignedInMember, orderId: string) {
  const res = await inject(b)({
    method: 'GET',
    url: `/api/checkout/orders/${orderId}`,
    headers: member.headers,
  });
  return OrderSchema.parse(res.json());
}

/**
 * Runs the billing sweep as the worker does. Test files share one database, so a test moves its own
 * member's dates (dueIn, graceOverIn) rather than the sweep's clock, which would act on every file's rows.
 */
export async function sweep(b: BillingStack): Promise<void> {
  await sweepBilling(b.stack.app.deps.billing);
}

/** Moves the member's live subscription so its period ends `ms` from now (negative: already ended). */
export async function dueIn(b: BillingStack, member: SignedInMember, ms: number): Promise<void> {
  const at = new Date(Date.now() + ms);
  await b.stack.app.deps.db
    .updateTable('subscriptions')
    .set({ recur_at: at, period_started_at: new Date(at.getTime() - 30 * 86_400_000) })
    .where('user_id', '=', member.session.user.id)
    .where('status', '<>', 'expired')
    .execute();
}

/** Moves the end of the member's grace period to `ms` from now. */
export async function graceOverIn(
  b: BillingStack,
  member: SignedInMember,
  ms: number,
): Promise<void> {
  await b.stack.app.deps.db
    .updateTable('subscriptions')
    .set({ grace_until: new Date(Date.now() + ms) })
    .where('user_id', '=', member.session.user.id)
    .where('status', '=', 'grace')
    .execute();
}

/** POSTs a webhook to our route as the sandbox gateway signs it (or with the signature given). */
export async function postSandboxWebhook(
  b: BillingStack,
  event: { id: string; type: string; data: Record<string, unknown> },
  signature?: string,
) {
  const body = JSON.stringify(event);
  const secret = sandboxWebhookSecret(b.stack.app.deps.config);
  return inject(b)({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      ...(signature === ''
        ? {}
        : { 'sandbox-signature': signature ?? signSandboxEvent(secret, body) }),
    },
    payload: body,
  });
}
