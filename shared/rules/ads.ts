/**
 * Ads (issue 25 item 7; product-core.md §6 "Ads"): callers holding display_ads (guests and free
 * members; paying tiers and staff never hold it, rules/permissions.ts) see an ad slot in a chat once it
 * has more than a configured number of messages (10 by default, AD_AFTER_MESSAGES), and with it the
 * ad-free upsell banner.
 */
import type { Permission } from '../schemas/permission';

/** The spec's threshold: ads show once a conversation exceeds this many messages. */
export const defaultAdAfterMessages = 10;

/** Whether the caller sees ads at all. */
export function displaysAds(permissions: readonly Permission[]): boolean {
  return permissions.includes('display_ads');
}

/**
 * Whether a chat shows the ad slot: the caller holds display_ads and the conversation exceeds
 * `afterMessages` messages. The chat may hold only its newest `loaded` messages (`hasMore`: older ones
 * exist); with older ones beyond at least `afterMessages` loaded, it exceeds the threshold too.
 */
export function showsAdSlot(input: {
  permissions: readonly Permission[];
  loaded: number;
  hasMore: boolean;
  afterMessages: number;
}): boolean {
  return (
    displaysAds(input.permissions) &&
    (input.loaded > input.afterMessages || (input.hasMore && input.loaded >= input.afterMessages))
  );
}

/** Whether the ad-free upsell banner shows beside the ad slot: the same callers as the ads. */
export function showsAdFreeUpsell(permissions: readonly Permission[]): boolean {
  return displaysAds(permissions);
}
