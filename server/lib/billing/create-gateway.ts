/**
 * The payment gateway and its webhook secret as configured (PAYMENT_GATEWAY): the SANDBOX outside
 * production by default, Stripe when configured, or none (payments off). Server and workers make their
 * own, so a renewal charged by the job and a checkout charged by the server use the same gateway.
 */
import { createHmac } from 'node:crypto';
import { authSecret, ConfigError, publicUrl, type Config } from '../../config';
import type { Logger } from '../log';
import type { Redis } from '../redis';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox.gateway';
import { StripeGateway } from './stripe.gateway';

/** Where gateways POST their webhooks on our server. */
export function webhookPath(gateway: string): string {
  return `/api/payments/webhooks/${gateway}`;
}

/** The sandbox's webhook signing secret: its own setting, else one derived from AUTH_SECRET. */
export function sandboxWebhookSecret(config: Config): string {
  return (
    config.PAYMENT_SANDBOX_SECRET ??
    createHmac('sha256', authSecret(config)).update('payment-sandbox-webhooks').digest('hex')
  );
}

export function createGateway(config: Config, redis: Redis, log: Logger): PaymentGateway | null {
  switch (config.PAYMENT_GATEWAY) {
    case 'disabled':
      return null;
    case 'sandbox':
      return new SandboxGateway({
        redis,
        prefix: config.REDIS_PREFIX,
        baseUrl: publicUrl(config),
        webhookSecret: sandboxWebhookSecret(config),
        webhookUrl: `${publicUrl(config)}${webhookPath('sandbox')}`,
        log,
      });
    case 'stripe':
      return new StripeGateway({
        secretKey: required(config.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'),
        publishableKey: required(config.STRIPE_PUBLISHABLE_KEY, 'STRIPE_PUBLISHABLE_KEY'),
        scriptUrl: config.STRIPE_JS_URL,
        webhookSecret: required(config.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET'),
        api: {
          host: config.STRIPE_API_HOST,
          port: config.STRIPE_API_PORT,
          protocol: config.STRIPE_API_PROTOCOL,
        },
        timeoutMs: config.STRIPE_TIMEOUT_MS,
        log,
      });
  }
}

/** Stripe's 3-D Secure pages, which the checkout shows in a frame. */
const stripeHooksOrigin = 'https://hooks.stripe.com';

/**
 * What the checkout page loads from the gateway, for the content security policy: Stripe.js (a script
 * and its frames), the API it calls, and the 3-D Secure pages; nothing for the sandbox, which is ours.
 */
export function gatewayOrigins(config: Config): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  if (config.PAYMENT_GATEWAY !== 'stripe') return { script: [], frame: [], connect: [] };
  const js = new URL(config.STRIPE_JS_URL).origin;
  const api =
    config.STRIPE_API_HOST === undefined
      ? 'https://api.stripe.com'
      : new URL(
          `${config.STRIPE_API_PROTOCOL ?? 'https'}://${config.STRIPE_API_HOST}${config.STRIPE_API_PORT === undefined ? '' : `:${String(config.STRIPE_API_PORT)}`}`,
        ).origin;
  return { script: [js], frame: [js, stripeHooksOrigin, api], connect: [api] };
}

/** loadConfig refuses PAYMENT_GATEWAY=stripe without its keys; this holds for a hand-made config too. */
function required(value: string | undefined, name: string): string {
  if (value === undefined) {
    throw new ConfigError(
      `Configuration error: ${name} is missing; PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.`,
    );
  }
  return value;
}
