/**
 * Which feature flags may be reported as on (issue 7 §16, "flags tell the truth"). The spec names many
 * flags (product-core.md §6) for features this product has not built yet; a client told `lorebook` or
 * `generation_settings` is on would offer screens that do not exist. Every flag a client hears of, from
 * GET /api/me or GET /api/app-settings, goes through this list: add a flag here in the change that builds
 * its feature, and nowhere else.
 */
import { featureFlagNames, type FeatureFlag } from '../schemas/permission';

/** Flags whose feature exists in this product today. */
export const implementedFeatureFlags = [
  // The admin screens (/admin): member search, roles, restrictions, audit trail, queue dashboard.
  'admin',
  // Sign-up completion as a modal over the current page instead of the /signup page.
  'onboarding_v2',
  // Images in the conversation: a bot message's image, its prompt, the image settings and rating.
  'conversation_images',
  // The Anime V2 and Semi Realistic V2 image styles.
  'avatar_images_v2',
  // Model select and sampling settings in the chat (Generation Settings).
  'generation_settings',
  // Lorebooks: My Lorebooks, the lorebook editor and import, attaching books to private chatbots.
  'lorebook',
  // Group chats: My Group Chats, Create Group and its member picker, the group chat screen with turns.
  'groupchat',
  // The creators leaderboard (/creators/leaderboard) and its menu entry.
  'leaderboard',
  // Character translation (issue 26 item 3): public and unlisted chatbots, and private ones.
  'character_translate_public',
  'character_translate_private',
] as const satisfies readonly FeatureFlag[];

const implemented: ReadonlySet<FeatureFlag> = new Set(implementedFeatureFlags);

/** Whether the feature behind `flag` exists, so the flag may be reported as on. */
export function isFlagImplemented(flag: FeatureFlag): boolean {
  return implemented.has(flag);
}

/**
 * An application's flag overrides as a client may hear them: a flag of a feature not built is off
 * whatever the operator set; flags left to the product default stay absent.
 */
export function reportedFlagOverrides(
  flags: Partial<Record<FeatureFlag, boolean>>,
): Partial<Record<FeatureFlag, boolean>> {
  const reported: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of featureFlagNames) {
    const isOn = flags[flag];
    if (isOn !== undefined) reported[flag] = isOn && isFlagImplemented(flag);
  }
  return reported;
}
