/**
 * The paid plans as the spec names and prices them (product-rules.md §6 "Roles", §9 "Checkout and
 * subscriptions"; product-core.md §6), for the /subscribe page. What each adds follows the grants in
 * rules/permissions.ts and the spec's tier allowances. Prices are in US dollars.
 */
import type { Role } from '../schemas/user';

export interface Plan {
  role: Extract<Role, 'paid_minimal' | 'paid_basic' | 'paid_premium'>;
  /** The spec's name for the tier. */
  name: string;
  /** Price per month, when the plan is sold monthly. */
  monthly: number | null;
  /** Price per year, and the list price it is cut from (two months free). */
  annual: { price: number; listPrice: number };
  /** What the plan adds to the one below it. */
  adds: readonly string[];
}

export const plans: readonly Plan[] = [
  {
    role: 'paid_minimal',
    name: 'Get a Taste',
    monthly: null,
    annual: { price: 50, listPrice: 60 },
    adds: ['Skip the waiting line', 'No ads', 'Up to 10 personas', 'Larger memory (3K context)'],
  },
  {
    role: 'paid_basic',
    name: 'True Supporter',
    monthly: 15,
    annual: { price: 149.99, listPrice: 180 },
    adds: [
      'Conversation images',
      'Generation settings',
      'Memory manager',
      'Up to 50 personas',
      'Larger memory (4K context)',
    ],
  },
  {
    role: 'paid_premium',
    name: 'I’m All In',
    monthly: 24.99,
    annual: { price: 249.99, listPrice: 300 },
    adds: [
      'Text to speech',
      'Automatic memories',
      'Auto response in group chats',
      'Up to 100 personas',
      'Largest memory (8K context)',
    ],
  },
];

/** A price as people read it: `$15` or `$149.99`. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${String(amount)}` : `$${amount.toFixed(2)}`;
}
