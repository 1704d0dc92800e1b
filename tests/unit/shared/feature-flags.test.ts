import { describe, expect, it } from 'vitest';
import {
  implementedFeatureFlags,
  isFlagImplemented,
  reportedFlagOverrides,
} from '#shared/rules/feature-flags';
import { enabledFlags, featureFlagsOf } from '#shared/rules/permissions';
import { featureFlagNames, type FeatureFlag } from '#shared/schemas/permission';
import { roles } from '#shared/schemas/user';

const guestSubject = { kind: 'guest', role: 'free_tier', restrictions: [] } as const;

/** Every flag switched on, the most an operator or a role table could ask for. */
const everyFlagOn: Record<FeatureFlag, boolean> = { ...featureFlagsOf(guestSubject) };
for (const flag of featureFlagNames) everyFlagOn[flag] = true;

describe('implementedFeatureFlags', () => {
  it('names the features this product has: the admin screens, onboarding as a modal, conversation images and their V2 styles, generation settings, lorebooks, group chats, the leaderboard, character translation', () => {
    expect([...implementedFeatureFlags].sort()).toEqual([
      'admin',
      'avatar_images_v2',
      'character_translate_private',
      'character_translate_public',
      'conversation_images',
      'generation_settings',
      'groupchat',
      'leaderboard',
      'lorebook',
      'onboarding_v2',
    ]);
  });

  it('leaves flags of features not built off', () => {
    for (const flag of ['create_v2', 'conversation_images_v2'] as const) {
      expect(isFlagImplemented(flag)).toBe(false);
    }
  });
});

describe('reportedFlagOverrides', () => {
  it('turns off what the operator switched on for a feature that does not exist', () => {
    expect(
      reportedFlagOverrides({ lorebook: true, create_v2: true, onboarding_v2: true, admin: false }),
    ).toEqual({ lorebook: true, create_v2: false, onboarding_v2: true, admin: false });
  });

  it('leaves flags the operator did not set to the product default', () => {
    expect(reportedFlagOverrides({})).toEqual({});
  });
});

describe('enabledFlags', () => {
  it('reports only built features even when every flag is set', () => {
    expect(enabledFlags(everyFlagOn)).toEqual([
      'avatar_images_v2',
      'conversation_images',
      'generation_settings',
      'character_translate_public',
      'character_translate_private',
      'admin',
      'lorebook',
      'groupchat',
      'onboarding_v2',
      'leaderboard',
    ]);
  });

  it('never tells any role of a feature that does not exist', () => {
    for (const role of roles) {
      const reported = enabledFlags(featureFlagsOf({ kind: 'member', role, restrictions: [] }));
      expect(reported.every(isFlagImplemented)).toBe(true);
      expect(reported.includes('admin')).toBe(role === 'admin');
    }
  });
});
