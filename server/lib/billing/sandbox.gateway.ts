/**
 * SANDBOX payment gateway, for development and tests: no money moves. It follows a real gateway's
 * flows end to end: cards are tokenised (by our own card form instead of a gateway script), kept on a
 * customer, and charged with idempotency keys; a 3-D Secure challenge is a page of its own (served by
 * our server) that sends the browser back; other methods are a hosted payment page; every final outcome
 * is announced by a signed webhook, POSTed to our server like a real gateway's.
 *
 * Test cards (any future expiry, any 3-digit cvc), after Stripe's:
 * - 4242 4242 4242 4242 (visa), 5555 5555 5555 4444 (master), 6011 1111 1111 1117 (discover): approved
 * - 4000 0000 0000 3220: asks for 3-D Secure when the member is present, refused when not
 * - 4000 0000 0000 0002: declined; 4000 0000 0000 9995: insufficient funds
 * - 4000 0000 0000 0341: kept on file fine, but every charge is declined (a renewal that fails)
 * - 4000 0000 0000 0119: the gateway answers 500 and charges nothing the first time, then recovers
 * - 4000 0000 0000 0077: the charge goes through but the answer is lost (a timeout after charging)
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseExpiry, type cardBrands } from '#shared/rules/checkout';
import type { CardSummary } from '#shared/schemas/billing';
import type { Logger } from '../log';
import type { Redis } from '../redis';
import { redisKeys } from '../redis-keys';
import {
  CardRejectedError,
  GatewayUnavailableError,
  type ChargeInput,
  type ChargeResult,
  type GatewayCustomer,
  type GatewayEvent,
  type PaymentGateway,
  type RedirectPaymentInput,
  type SavedCard,
} from './gateway';

/** Where our server serves the sandbox's pages: `{path}/3ds/{paymentId}` and `{path}/pay/{paymentId}`. */
export const sandboxPagesPath = '/api/payments/sandbox';
/** The header carrying a sandbox webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const sandboxSignatureHeader = 'sandbox-signature';
/** A webhook signed longer ago than this is refused (a replay of an old capture). */
const signatureToleranceSeconds = 300;
/** Sandbox records live a year: long enough for renewals in a development install. */
const keepSeconds = 365 * 24 * 3600;
const tokenSeconds = 3600;

const behaviours = {
  succeed: 'succeed',
  threeDs: '3ds',
  decline: 'decline',
  insufficient: 'insufficient',
  declineCharges: 'decline-charges',
  unavailable: 'unavailable',
  lostAnswer: 'lost-answer',
} as const;
type Behaviour = (typeof behaviours)[keyof typeof behaviours];

const testCards: Record<string, Behaviour> = {
  '4000000000003220': behaviours.threeDs,
  '4000000000000002': behaviours.decline,
  '4000000000009995': behaviours.insufficient,
  '4000000000000341': behaviours.declineCharges,
  '4000000000000119': behaviours.unavailable,
  '4000000000000077': behaviours.lostAnswer,
};

const CardSchema = z.object({
  customerRef: z.string().nullable(),
  last4: z.string(),
  type: z.string(),
  exp: z.string(),
  behaviour: z.string(),
  /** The outage card has answered 500 once already. */
  hasFailedOnce: z.boolean().optional(),
});
const PaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  customerRef: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['succeeded', 'requires_action', 'processing', 'failed']),
  message: z.string().nullable(),
  /** Where the 3-D Secure page or the hosted page sends the browser when done. */
  returnUrl: z.string(),
  cancelUrl: z.string().nullable(),
  method: z.string(),
});
type Payment = z.infer<typeof PaymentSchema>;

const EventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    paymentRef: z.string().optional(),
    paymentMethodRef: z.string().optional(),
    orderId: z.string().nullable().optional(),
    customerRef: z.string().nullable().optional(),
    amount: z.number().optional(),
    currency: z.string().optional(),
    message: z.string().nullable().optional(),
  }),
});

/** Luhn's check, as every card number passes it. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): (typeof cardBrands)[number] | null {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'master';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return null;
}

/** Signs a sandbox webhook body the way the sandbox gateway does. */
export function signSandboxEvent(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret)
    .update(`${String(t)}.${body}`)
    .digest('hex');
  return `t=${String(t)},v1=${v1}`;
}

export interface SandboxGatewayOptions {
  redis: Redis;
  prefix: string;
  /** Our server's address people open: the sandbox's pages are served there. */
  baseUrl: string;
  /** Signs the webhooks it sends and checks the ones it receives. */
  webhookSecret: string;
  /** Where the sandbox POSTs its webhooks (our server's webhook route). */
  webhookUrl: string;
  log: Logger;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly keys;

  constructor(private readonly opts: SandboxGatewayOptions) {
    this.keys = redisKeys(opts.prefix).paymentsSandbox;
  }

  /** Every method: the sandbox's hosted page stands in for any provider's. */
  takesRedirect(): boolean {
    return true;
  }

  cardForm() {
    return { kind: 'sandbox' as const };
  }

  /** What the sandbox card form posts: a token for a valid test card, else CardRejectedError. */
  async tokenise(
    input: { number: string; exp: string; cvc: string },
    now: Date = new Date(),
  ): Promise<{ token: string; card: CardSummary }> {
    const digits = input.number.replace(/[\s-]/g, '');
    const brand = /^\d{13,19}$/.test(digits) && passesLuhn(digits) ? brandOf(digits) : null;
    const exp = parseExpiry(input.exp, now);
    if (brand === null || exp === null || !/^\d{3,4}$/.test(input.cvc)) {
      throw new CardRejectedError('invalid card');
    }
    const card: CardSummary = { last4: digits.slice(-4), type: brand, exp };
    const token = `tok_sb_${randomUUID().replaceAll('-', '')}`;
    const stored = {
      ...card,
      customerRef: null,
      behaviour: testCards[digits] ?? behaviours.succeed,
    };
    await this.opts.redis.set(this.keys.token(token), JSON.stringify(stored), 'EX', tokenSeconds);
    return { token, card };
  }

  async ensureCustomer(customer: GatewayCustomer): Promise<string> {
    if (customer.customerRef !== null) {
      const known = await this.opts.redis.exists(this.keys.customer(customer.customerRef));
      if (known === 1) return customer.customerRef;
    }
    const ref = `cus_sb_${randomUUID().replaceAll('-', '')}`;
    const value = { userId: customer.userId, email: customer.email, name: customer.name };
    await this.opts.redis.set(this.keys.customer(ref), JSON.stringify(value), 'EX', keepSeconds);
    return ref;
  }

  async saveCard(customerRef: string, token: string): Promise<SavedCard> {
    // A token is used once: taking it deletes it.
    const raw = await this.opts.redis.getdel(this.keys.token(token));
    const parsed = raw === null ? null : CardSchema.safeParse(JSON.parse(raw));
    if (parsed === null || !parsed.success) throw new CardRejectedError('unknown or used token');
    const ref = `pm_sb_${randomUUID().replaceAll('-', '')}`;
    const card = { ...parsed.data, customerRef };
    await this.opts.redis.set(this.keys.card(ref), JSON.stringify(card), 'EX', keepSeconds);
    return { paymentMethodRef: ref, card: { last4: card.last4, type: card.type, exp: card.exp } };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const existing = await this.byKey(input.idempotencyKey);
    if (existing !== null) return resultOf(existing, this.pageUrl('3ds', existing.id));
    const raw = await this.opts.redis.get(this.keys.card(input.paymentMethodRef));
    const card = raw === null ? null : CardSchema.parse(JSON.parse(raw));
    if (card?.behaviour === behaviours.unavailable && card.hasFailedOnce !== true) {
      const failed = JSON.stringify({ ...card, hasFailedOnce: true });
      await this.opts.redis.set(this.keys.card(input.paymentMethodRef), failed, 'EX', keepSeconds);
      throw new GatewayUnavailableError('sandbox: 500 from the gateway');
    }
    const payment: Payment = {
      id: `pay_sb_${randomUUID().replaceAll('-', '')}`,
      orderId: input.orderId,
      customerRef: input.customerRef,
      amount: input.amount,
      currency: input.currency,
      status: 'succeeded',
      message: null,
      returnUrl: input.returnUrl,
      cancelUrl: null,
      method: 'card',
    };
    const outcome = chargeOutcome(card, input, new Date());
    Object.assign(payment, outcome);
    await this.store(payment, input.idempotencyKey);
    if (payment.status !== 'requires_action') this.announce(payment);
    if (card?.behaviour === behaviours.lostAnswer) {
      throw new GatewayUnavailableError('sandbox: the answer was lost after charging');
    }
    return resultOf(payment, this.pageUrl('3ds', payment.id));
  }

  async retrieve(paymentRef: string): Promise<ChargeResult> {
    const payment = await this.payment(paymentRef);
    if (payment === null) return { status: 'failed', paymentRef, message: 'No such payment.' };
    return resultOf(payment, this.pageUrl('3ds', payment.id));
  }

  async findCharge(_orderId: string, idempotencyKey: string): Promise<ChargeResult | null> {
    const payment = await this.byKey(idempotencyKey);
    return payment === null ? null : resultOf(payment, this.pageUrl('3ds', payment.id));
  }

  async cancel(paymentRef: string): Promise<ChargeResult> {
    const payment = await this.payment(paymentRef);
    if (payment === null) return { status: 'failed', paymentRef, message: 'No such payment.' };
    if (payment.status !== 'requires_action')
      return resultOf(payment, this.pageUrl('3ds', payment.id));
    const cancelled: Payment = {
      ...payment,
      status: 'failed',
      message: 'The payment was cancelled.',
    };
    await this.opts.redis.set(
      this.keys.payment(payment.id),
      JSON.stringify(cancelled),
      'EX',
      keepSeconds,
    );
    this.announce(cancelled);
    return resultOf(cancelled, this.pageUrl('3ds', payment.id));
  }

  async redirectPayment(input: RedirectPaymentInput): Promise<{ url: string; paymentRef: string }> {
    const existing = await this.byKey(input.idempotencyKey);
    if (existing !== null)
      return { url: this.pageUrl('pay', existing.id), paymentRef: existing.id };
    const payment: Payment = {
      id: `pay_sb_${randomUUID().replaceAll('-', '')}`,
      orderId: input.orderId,
      customerRef: input.customerRef,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_action',
      message: null,
      returnUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      method: input.method,
    };
    await this.store(payment, input.idempotencyKey);
    return { url: this.pageUrl('pay', payment.id), paymentRef: payment.id };
  }

  /** A payment waiting on the member, for the sandbox's own pages; null once settled or unknown. */
  async pendingPayment(paymentRef: string): Promise<Payment | null> {
    const payment = await this.payment(paymentRef);
    return payment?.status === 'requires_action' ? payment : null;
  }

  /**
   * What the sandbox's 3-D Secure and hosted pages do: settle a waiting payment as the tester chose,
   * announce it, and say where the browser goes next; null when nothing was waiting.
   */
  async decide(paymentRef: string, approve: boolean): Promise<{ redirectTo: string } | null> {
    const payment = await this.pendingPayment(paymentRef);
    if (payment === null) return null;
    const settled: Payment = approve
      ? { ...payment, status: 'succeeded', message: null }
      : {
          ...payment,
          status: 'failed',
          message:
            payment.method === 'card'
              ? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
              : 'The payment was cancelled.',
        };
    await this.opts.redis.set(
      this.keys.payment(payment.id),
      JSON.stringify(settled),
      'EX',
      keepSeconds,
    );
    this.announce(settled);
    const target = approve || settled.cancelUrl === null ? settled.returnUrl : settled.cancelUrl;
    return { redirectTo: target };
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): GatewayEvent {
    const header = headers[sandboxSignatureHeader];
    if (typeof header !== 'string') throw new Error('unsigned');
    const parts = new Map(
      header.split(',').map((kv) => {
        const [k = '', v = ''] = kv.split('=');
        return [k.trim(), v.trim()];
      }),
    );
    const t = Number(parts.get('t'));
    const v1 = parts.get('v1') ?? '';
    if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > signatureToleranceSeconds) {
      throw new Error('stale or missing timestamp');
    }
    const expected = createHmac('sha256', this.opts.webhookSecret)
      .update(`${String(t)}.${rawBody.toString('utf8')}`)
      .digest();
    const given = Buffer.from(v1, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Error('bad signature');
    }
    const event = EventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    const d = event.data;
    if (
      (event.type === 'payment.succeeded' || event.type === 'payment.failed') &&
      d.paymentRef !== undefined
    ) {
      return {
        id: event.id,
        type: event.type,
        paymentRef: d.paymentRef,
        orderId: d.orderId ?? null,
        customerRef: d.customerRef ?? null,
        amount: d.amount ?? 0,
        currency: d.currency ?? '',
        message: d.message ?? null,
      };
    }
    if (event.type === 'card.removed' && d.paymentMethodRef !== undefined) {
      return {
        id: event.id,
        type: 'card.removed',
        paymentMethodRef: d.paymentMethodRef,
        customerRef: d.customerRef ?? null,
      };
    }
    return { id: event.id, type: 'ignored' };
  }

  /** Removes a saved card, as a member could at their bank; announced like a gateway would. */
  async removeCard(paymentMethodRef: string): Promise<void> {
    const raw = await this.opts.redis.getdel(this.keys.card(paymentMethodRef));
    if (raw === null) return;
    const card = CardSchema.parse(JSON.parse(raw));
    this.send({
      id: `evt_sb_${randomUUID().replaceAll('-', '')}`,
      type: 'card.removed',
      data: { paymentMethodRef, customerRef: card.customerRef },
    });
  }

  private pageUrl(page: '3ds' | 'pay', paymentId: string): string {
    return `${this.opts.baseUrl}${sandboxPagesPath}/${page}/${paymentId}`;
  }

  private async payment(id: string): Promise<Payment | null> {
    const raw = await this.opts.redis.get(this.keys.payment(id));
    return raw === null ? null : PaymentSchema.parse(JSON.parse(raw));
  }

  private async byKey(key: string): Promise<Payment | null> {
    const id = await this.opts.redis.get(this.keys.paymentByKey(key));
    return id === null ? null : this.payment(id);
  }

  private async store(payment: Payment, idempotencyKey: string): Promise<void> {
    await this.opts.redis
      .multi()
      .set(this.keys.payment(payment.id), JSON.stringify(payment), 'EX', keepSeconds)
      .set(this.keys.paymentByKey(idempotencyKey), payment.id, 'EX', keepSeconds)
      .exec();
  }

  /** Announces a settled payment by webhook, as a gateway does after it answered. */
  private announce(payment: Payment): void {
    if (payment.status !== 'succeeded' && payment.status !== 'failed') return;
    this.send({
      id: `evt_sb_${randomUUID().replaceAll('-', '')}`,
      type: `payment.${payment.status}`,
      data: {
        paymentRef: payment.id,
        orderId: payment.orderId,
        customerRef: payment.customerRef,
        amount: payment.amount,
        currency: payment.currency,
        message: payment.message,
      },
    });
  }

  /** POSTs a signed event to our webhook route; retried a few times like a gateway would. */
  private send(event: z.input<typeof EventSchema>): void {
    const body = JSON.stringify(event);
    const attempt = async (n: number): Promise<void> => {
      try {
        const res = await fetch(this.opts.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [sandboxSignatureHeader]: signSandboxEvent(this.opts.webhookSecret, body),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return;
        throw new Error(`webhook answered ${String(res.status)}`);
      } catch (err) {
        if (n >= 5) {
          this.opts.log.warn({ err, event: event.id }, 'sandbox gateway gave up on a webhook');
          return;
        }
        // Unreferenced: a retry waiting never keeps a stopping process alive.
        await new Promise((r) => setTimeout(r, 500 * 2 ** n).unref());
        await attempt(n + 1);
      }
    };
    void attempt(0);
  }
}

/** How a card charge ends for a test card. */
function chargeOutcome(
  card: z.infer<typeof CardSchema> | null,
  input: ChargeInput,
  now: Date,
): Pick<Payment, 'status' | 'message'> {
  if (card === null || card.customerRef !== input.customerRef) {
    return { status: 'failed', message: 'No such payment method.' };
  }
  if (parseExpiry(card.exp, now) === null) {
    return { status: 'failed', message: 'Your card has expired.' };
  }
  switch (card.behaviour) {
    case behaviours.threeDs:
      return input.offSession
        ? { status: 'failed', message: 'Your card requires authentication.' }
        : { status: 'requires_action', message: null };
    case behaviours.decline:
    case behaviours.declineCharges:
      return { status: 'failed', message: 'Your card was declined.' };
    case behaviours.insufficient:
      return { status: 'failed', message: 'Your card has insufficient funds.' };
    default:
      return { status: 'succeeded', message: null };
  }
}

function resultOf(payment: Payment, actionUrl: string): ChargeResult {
  switch (payment.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentRef: payment.id };
    case 'requires_action':
      return { status: 'requires_action', paymentRef: payment.id, actionUrl };
    case 'processing':
      return { status: 'processing', paymentRef: payment.id };
    case 'failed':
      return {
        status: 'failed',
        paymentRef: payment.id,
        message: payment.message ?? 'Your card was declined.',
      };
  }
}
