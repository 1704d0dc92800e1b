/**
 * The paid tiers by the names the spec gives them (product-rules.md §6 "Roles"). What each plan costs
 * and lists is the operator's configuration (COMMERCE_FILE), served by GET /api/subscriptions/purchase_options.
 */
import type { PaidRole } from '../schemas/billing';
import type { Role } from '../schemas/user';

export const tierNames: Record<PaidRole, string> = {
  paid_minimal: 'Get a Taste',
  paid_basic: 'True Supporter',
  paid_premium: 'I’m All In',
};

/** A role's tier name, 'Free' below the paid tiers (staff hold every feature anyway). */
export function tierNameOf(role: Role): string {
  return role === 'paid_minimal' || role === 'paid_basic' || role === 'paid_premium'
    ? tierNames[role]
    : 'Free';
}

/** A price as people read it: `$15`, `$149.99`, or `€22.99`. */
export function formatPrice(amount: number, currency = 'USD'): string {
  const symbol = currencySymbols[currency];
  const figure = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return symbol === undefined ? `${figure} ${currency}` : `${symbol}${figure}`;
}

const currencySymbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
