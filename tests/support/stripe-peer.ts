/**
 * A local peer of Stripe's REST API (node:http), speaking the subset our Stripe gateway uses, as the
 * official SDK sends it: form-encoded bodies, a Bearer secret key, Idempotency-Key (the same key answers
 * the same response; the same key with other parameters is an idempotency_error), Stripe-shaped objects
 * and error bodies. Customers, PaymentMethods (attach), PaymentIntents (create+confirm, retrieve,
 * search by metadata, cancel), and a 3-D Secure / hosted payment page of its own.
 *
 * It also serves the subset of Stripe.js the checkout uses (stripe-js-peer.ts) at /v3/, and makes
 * PaymentMethods from the card that script posts with the publishable key (POST /v1/payment_methods).
 *
 * Test cards, after Stripe's: 4242 4242 4242 4242 and 5555 5555 5555 4444 approve; 4000 0027 6000 3184
 * asks for 3-D Secure; 4000 0000 0000 0002 is declined. Test PaymentMethods, after Stripe's:
 * pm_card_visa and pm_card_mastercard approve;
 * pm_card_threeDSecure2Required answers requires_action with a redirect to the peer's page, which,
 * visited with ?result=succeed|fail, completes the intent, sends the webhook and redirects to the
 * return_url; off-session it is refused (authentication_required); pm_card_chargeDeclined is declined
 * (card_declined). Every final outcome is sent as a signed webhook, as Stripe signs them:
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`.
 *
 * `fail()` makes the requests whose path starts with a prefix answer 500, hang (past the SDK's timeout),
 * or be carried out with their answer lost, until `restore()`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { stripeJsSource } from './stripe-js-peer';

export type Failure = '500' | 'hang' | 'lose-answer';

interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: string;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

interface PaymentError {
  type: string;
  code: string;
  message: string;
  decline_code?: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string };
  } | null;
  last_payment_error: PaymentError | null;
  cancellation_reason: string | null;
  client_secret: string;
  confirmation_method: 'automatic';
  capture_method: 'automatic';
  description: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  created: number;
  livemode: false;
}

type Behaviour = 'approve' | 'three-ds' | 'decline';

/** Stripe's test PaymentMethods this peer knows. */
const testMethods: Record<string, { behaviour: Behaviour; brand: string; last4: string }> = {
  pm_card_visa: { behaviour: 'approve', brand: 'visa', last4: '4242' },
  pm_card_mastercard: { behaviour: 'approve', brand: 'mastercard', last4: '4444' },
  pm_card_threeDSecure2Required: { behaviour: 'three-ds', brand: 'visa', last4: '3220' },
  pm_card_chargeDeclined: { behaviour: 'decline', brand: 'visa', last4: '0002' },
};

/** Stripe's test card numbers this peer knows; any other valid number approves. */
const testCards: Record<string, { behaviour: Behaviour; brand: string }> = {
  '4242424242424242': { behaviour: 'approve', brand: 'visa' },
  '5555555555554444': { behaviour: 'approve', brand: 'mastercard' },
  '4000002760003184': { behaviour: 'three-ds', brand: 'visa' },
  '4000000000000002': { behaviour: 'decline', brand: 'visa' },
};

export const peerMessages = {
  declined: 'Your card was declined.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

function invalid(message: string, code?: string, param?: string): StripeHttpError {
  return new StripeHttpError(code === 'resource_missing' ? 404 : 400, {
    type: 'invalid_request_error',
    message,
    ...(code === undefined ? {} : { code }),
    ...(param === undefined ? {} : { param }),
  });
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const now = () => Math.floor(Date.now() / 1000);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Reads a form body as the SDK encodes it (`a[b][0]=c`) into nested objects (arrays index-keyed). */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (isRecord(next)) {
        node = next;
      } else {
        const made: Record<string, unknown> = {};
        node[part] = made;
        node = made;
      }
    });
  }
  return root;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function strings(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Signs a webhook payload as Stripe does: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function stripeSignature(secret: string, payload: string, at: number = now()): string {
  const v1 = createHmac('sha256', secret)
    .update(`${String(at)}.${payload}`)
    .digest('hex');
  return `t=${String(at)},v1=${v1}`;
}

export interface Delivery {
  type: string;
  payload: string;
  /** Our server's answer; 0 when it could not be reached. */
  status: number;
}

export interface StripePeer {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The config for PAYMENT_GATEWAY=stripe pointed at this peer. */
  env: () => Record<string, string>;
  /** Where the peer POSTs its webhooks (our server's Stripe webhook route). */
  deliverTo: (url: string) => void;
  /** Requests to paths starting with `pathPrefix` fail this way until restore(). */
  fail: (mode: Failure, pathPrefix?: string) => void;
  restore: () => void;
  /** The PaymentIntents made for an order (by its order_id metadata). */
  intentsOf: (orderId: string) => PaymentIntent[];
  /** API requests received (method and path), in order. */
  requests: { method: string; path: string }[];
  /** Webhooks sent and how our server answered them. */
  deliveries: Delivery[];
  /** Waits until every webhook sent so far has been answered. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startStripePeer(): Promise<StripePeer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Customer>();
  const methods = new Map<string, { pm: PaymentMethod; behaviour: Behaviour }>();
  const intents = new Map<string, PaymentIntent>();
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const requests: { method: string; path: string }[] = [];
  const deliveries: Delivery[] = [];
  const sending = new Set<Promise<void>>();
  let webhookUrl: string | null = null;
  let failure: { mode: Failure; prefix: string } | null = null;
  let url = '';

  function send(type: string, object: object): void {
    const target = webhookUrl;
    if (target === null) return;
    // A snapshot: later changes to the object do not reach an event already sent.
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const delivery = (async () => {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(webhookSecret, payload),
        },
        body: payload,
      });
      await res.arrayBuffer();
      deliveries.push({ type, payload, status: res.status });
    })().catch(() => {
      deliveries.push({ type, payload, status: 0 });
    });
    sending.add(delivery);
    void delivery.finally(() => sending.delete(delivery));
  }

  function customerOf(id: string): Customer {
    const c = customers.get(id);
    if (c === undefined) throw invalid(`No such customer: '${id}'`, 'resource_missing', 'id');
    return c;
  }

  function intentOf(id: string): PaymentIntent {
    const pi = intents.get(id);
    if (pi === undefined) {
      throw invalid(`No such payment_intent: '${id}'`, 'resource_missing', 'intent');
    }
    return pi;
  }

  /** Ends a PaymentIntent and announces it. */
  function settle(
    pi: PaymentIntent,
    outcome: 'succeeded' | 'failed' | 'canceled',
    error: PaymentError | null = null,
  ): void {
    pi.next_action = null;
    if (outcome === 'succeeded') {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      send('payment_intent.succeeded', pi);
    } else if (outcome === 'canceled') {
      pi.status = 'canceled';
      pi.cancellation_reason = 'abandoned';
      send('payment_intent.canceled', pi);
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = error;
      send('payment_intent.payment_failed', pi);
    }
  }

  function cardError(pi: PaymentIntent, code: string, message: string): StripeHttpError {
    const error: PaymentError = {
      type: 'card_error',
      code,
      message,
      ...(code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
    };
    settle(pi, 'failed', error);
    return new StripeHttpError(402, { ...error, payment_intent: pi });
  }

  function createIntent(form: Record<string, unknown>): PaymentIntent {
    const amount = Number(str(form.amount));
    const currency = str(form.currency);
    if (!Number.isInteger(amount) || amount < 1) {
      throw invalid('Invalid integer', undefined, 'amount');
    }
    if (currency === undefined || currency !== currency.toLowerCase()) {
      throw invalid('Invalid currency', undefined, 'currency');
    }
    const customer = str(form.customer) ?? null;
    if (customer !== null) customerOf(customer);
    const isOffSession = str(form.off_session) === 'true';
    const returnUrl = str(form.return_url);
    const methodData = strings(form.payment_method_data);
    const types = Object.values(strings(form.allowed_payment_method_types));
    const id = newId('pi');
    const pi: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer,
      payment_method: str(form.payment_method) ?? null,
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      capture_method: 'automatic',
      description: str(form.description) ?? null,
      metadata: strings(form.metadata),
      payment_method_types: types.length > 0 ? types : ['card'],
      created: now(),
      livemode: false,
    };
    if (str(form.confirm) !== 'true') {
      intents.set(pi.id, pi);
      return pi;
    }
    if (!isOffSession && returnUrl === undefined) {
      throw invalid(
        'A return_url must be specified because this Payment Intent may require a full page redirect to succeed.',
        undefined,
        'return_url',
      );
    }
    const redirect = (page: string) => {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${url}/${page}/${pi.id}`, return_url: returnUrl ?? '' },
      };
    };
    if (methodData.type !== undefined && methodData.type !== 'card') {
      // Another method (paypal, …): the member pays on the provider's page.
      pi.payment_method = newId('pm');
      intents.set(pi.id, pi);
      redirect('pay');
      return pi;
    }
    const method = pi.payment_method === null ? undefined : methods.get(pi.payment_method);
    if (method === undefined) {
      throw invalid(
        `No such PaymentMethod: '${pi.payment_method ?? ''}'`,
        'resource_missing',
        'payment_method',
      );
    }
    if (method.pm.customer !== customer) {
      throw invalid(
        'The provided PaymentMethod does not belong to the Customer.',
        undefined,
        'payment_method',
      );
    }
    intents.set(pi.id, pi);
    switch (method.behaviour) {
      case 'approve':
        settle(pi, 'succeeded');
        return pi;
      case 'decline':
        throw cardError(pi, 'card_declined', peerMessages.declined);
      case 'three-ds':
        if (isOffSession) {
          throw cardError(pi, 'authentication_required', peerMessages.authenticationRequired);
        }
        redirect('3ds');
        return pi;
    }
  }

  /** A PaymentMethod from the card Stripe.js posts (the browser's half of a payment). */
  function createMethod(form: Record<string, unknown>): PaymentMethod {
    const card = strings(form.card);
    const number = card.number ?? '';
    const expMonth = Number(card.exp_month);
    const expYear = Number(card.exp_year);
    if (str(form.type) !== 'card') throw invalid('Invalid payment method type.', undefined, 'type');
    if (!/^\d{13,19}$/.test(number)) {
      throw new StripeHttpError(402, {
        type: 'card_error',
        code: 'invalid_number',
        message: 'Your card number is invalid.',
      });
    }
    if (
      !Number.isInteger(expMonth) ||
      !Number.isInteger(expYear) ||
      !/^\d{3,4}$/.test(card.cvc ?? '')
    ) {
      throw invalid('Your card is incomplete.', 'incomplete', 'card');
    }
    const test = testCards[number] ?? { behaviour: 'approve', brand: 'visa' };
    const pm: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: test.brand, last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
      created: now(),
      livemode: false,
      metadata: {},
    };
    methods.set(pm.id, { pm, behaviour: test.behaviour });
    return pm;
  }

  function attach(id: string, form: Record<string, unknown>): PaymentMethod {
    const customer = customerOf(str(form.customer) ?? '').id;
    const test = testMethods[id];
    if (test !== undefined) {
      // A test PaymentMethod is cloned onto the customer, as Stripe does.
      const pm: PaymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer,
        card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: 2034 },
        created: now(),
        livemode: false,
        metadata: {},
      };
      methods.set(pm.id, { pm, behaviour: test.behaviour });
      return pm;
    }
    const known = methods.get(id);
    if (known === undefined) {
      throw invalid(`No such PaymentMethod: '${id}'`, 'resource_missing', 'payment_method');
    }
    if (known.pm.customer !== null && known.pm.customer !== customer) {
      throw invalid('This PaymentMethod is already attached to another customer.');
    }
    known.pm.customer = customer;
    return known.pm;
  }

  /** Answers one API request with its object, or throws the Stripe error it answers. */
  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    form: Record<string, unknown>,
  ): object {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c: Customer = {
        id: newId('cus'),
        object: 'customer',
        email: str(form.email) ?? null,
        name: str(form.name) ?? null,
        metadata: strings(form.metadata),
        created: now(),
        livemode: false,
      };
      customers.set(c.id, c);
      return c;
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/(\w+)$/.exec(path)) !== null) {
      return customerOf(m[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/payment_methods') return createMethod(form);
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/(\w+)\/attach$/.exec(path)) !== null) {
      return attach(m[1] ?? '', form);
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const q = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      if (q === null) throw invalid('Invalid search query.', undefined, 'query');
      const [, key = '', value = ''] = q;
      const data = [...intents.values()].filter((pi) => pi.metadata[key] === value);
      return { object: 'search_result', data, has_more: false, next_page: null, url: path };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/(\w+)$/.exec(path)) !== null) {
      return intentOf(m[1] ?? '');
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/(\w+)\/cancel$/.exec(path)) !== null) {
      const pi = intentOf(m[1] ?? '');
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      settle(pi, 'canceled');
      return pi;
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`);
  }

  /** The peer's own 3-D Secure and hosted payment pages. */
  function page(kind: string, id: string, query: URLSearchParams, res: ServerResponse): void {
    const pi = intents.get(id);
    if (pi?.status !== 'requires_action' || pi.next_action === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Nothing waits here.');
      return;
    }
    const result = query.get('result');
    if (result !== 'succeed' && result !== 'fail') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<a href="?result=succeed">Complete</a> <a href="?result=fail">Fail</a>');
      return;
    }
    const back = new URL(pi.next_action.redirect_to_url.return_url);
    if (result === 'succeed') {
      settle(pi, 'succeeded');
    } else {
      settle(pi, 'failed', {
        type: kind === '3ds' ? 'invalid_request_error' : 'card_error',
        code: 'payment_intent_authentication_failure',
        message: peerMessages.authenticationFailed,
      });
    }
    back.searchParams.set('payment_intent', pi.id);
    back.searchParams.set('payment_intent_client_secret', pi.client_secret);
    back.searchParams.set('redirect_status', result === 'succeed' ? 'succeeded' : 'failed');
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const target = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    const path = target.pathname;
    const pageMatch = /^\/(3ds|pay)\/(\w+)$/.exec(path);
    if (method === 'GET' && pageMatch !== null) {
      page(pageMatch[1] ?? '', pageMatch[2] ?? '', target.searchParams, res);
      return;
    }
    if (method === 'GET' && path === '/v3/') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(stripeJsSource(url));
      return;
    }
    requests.push({ method, path });
    // Stripe.js calls from the shop's page, with the publishable key in the body.
    const fromBrowser = method === 'POST' && path === '/v1/payment_methods';
    const answer = (status: number, body: string) => {
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(fromBrowser ? { 'access-control-allow-origin': '*' } : {}),
        })
        .end(body);
    };
    const active = failure !== null && path.startsWith(failure.prefix) ? failure.mode : null;
    // Held open until the SDK gives up (its timeout) or the peer closes.
    if (active === 'hang') return;
    if (active === '500') {
      answer(
        500,
        JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }),
      );
      return;
    }
    const isAuthorised = fromBrowser
      ? parseForm(raw).key === publishableKey
      : req.headers.authorization === `Bearer ${secretKey}`;
    if (!isAuthorised) {
      answer(
        401,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        }),
      );
      return;
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const request = `${method} ${path} ${raw}`;
    let status = 200;
    let body: string;
    const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (earlier !== undefined && earlier.request !== request) {
      status = 400;
      body = JSON.stringify({
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        },
      });
    } else if (earlier !== undefined) {
      ({ status, body } = earlier);
      res.setHeader('idempotent-replayed', 'true');
    } else {
      try {
        const form = method === 'POST' ? parseForm(raw) : {};
        body = JSON.stringify(route(method, path, target.searchParams, form));
      } catch (err) {
        if (!(err instanceof StripeHttpError)) throw err;
        status = err.status;
        body = JSON.stringify({ error: err.body });
      }
      if (typeof key === 'string') idempotent.set(key, { request, status, body });
    }
    // Carried out (and kept under its key), but the answer never leaves.
    if (active === 'lose-answer') return;
    answer(status, body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  url = `http://127.0.0.1:${String(port)}`;

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: () => ({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_JS_URL: `${url}/v3/`,
    }),
    deliverTo: (target) => {
      webhookUrl = target;
    },
    fail: (mode, prefix = '/v1/') => {
      failure = { mode, prefix };
    },
    restore: () => {
      failure = null;
    },
    intentsOf: (orderId) => [...intents.values()].filter((pi) => pi.metadata.order_id === orderId),
    requests,
    deliveries,
    settled: async () => {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => {
          if (err) reject(err);
          else resolve();
        });
      });
    },
  };
}
