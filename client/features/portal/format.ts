/** How the portal words dates and prices. */
import { formatPrice } from '#shared/rules/plans';
import type { BillingPeriod } from '#shared/schemas/billing';

/** 'December 28, 2026', in UTC as the server words dates in its messages. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatPlanPrice(price: number, currency: string, period: BillingPeriod): string {
  return `${formatPrice(price, currency)} / ${period === 'annual' ? 'year' : 'month'}`;
}

export { formatPrice };
