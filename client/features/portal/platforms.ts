/**
 * Where a subscription bought elsewhere is managed (product-rules.md §6 "Subscription management by
 * platform"): card subscriptions in the portal, in-app ones in the mobile app, pledges at the pledge
 * service's own page.
 */
import type { SubscriptionPlatform } from '#shared/schemas/billing';

export const platformNames: Record<SubscriptionPlatform, string> = {
  card: 'card',
  'revenue-cat': 'our mobile app',
  subscribestar: 'SubscribeStar',
  boosty: 'Boosty',
  prize: 'the creators leaderboard (a free month)',
};
