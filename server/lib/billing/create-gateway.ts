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
      throw new ConfigError('Configuration error: PAYMENT_GATEWAY=stripe is not available yet.');
  }
}
