import { describe, expect, it } from 'vitest';
import {
  contextTokensOf,
  enabledFlags,
  featureFlagsOf,
  guardRoute,
  hasPermission,
  isRestrictionPermission,
  mostSevere,
  permissionsOf,
  personaLimits,
  restrictionPermissions,
  roleAtLeast,
  rolePermissions,
  type PermissionSubject,
} from '#shared/rules/permissions';
import { permissionNames, type Permission } from '#shared/schemas/permission';
import { restrictionTypes, type RestrictionType } from '#shared/schemas/restriction';
import { roles, type Role } from '#shared/schemas/user';

const member = (role: Role, restrictions: RestrictionType[] = []): PermissionSubject => ({
  kind: 'member',
  role,
  restrictions,
});
const guest: PermissionSubject = { kind: 'guest', role: 'free_tier', restrictions: [] };

const base: Permission[] = ['site_access', 'view_help'];
const freeTier: Permission[] = [
  ...base,
  'display_ads',
  'create_character',
  'delete_character',
  'report_character',
  'view_chats',
  'view_my_chat_bots',
  'view_auth',
];
const paidMinimal: Permission[] = [
  ...freeTier.filter((p) => p !== 'display_ads'),
  'skip_waiting_room',
];
const paidBasic: Permission[] = [...paidMinimal, 'memory_manager'];
const paidPremium: Permission[] = [...paidBasic, 'conversation_memory_auto', 'text_to_speech'];
const staff: Permission[] = [...paidPremium, 'create_user_external'];

/** The whole role → permission matrix, written out so a change to the grants is a visible diff. */
const expected: Record<Role, Permission[]> = {
  free_tier: freeTier,
  beta_user: freeTier,
  paid_minimal: paidMinimal,
  paid_basic: paidBasic,
  paid_premium: paidPremium,
  employee: staff,
  admin: staff,
};

describe('permissionsOf', () => {
  it('gives guests site access, help, ads and their own chats only', () => {
    expect(permissionsOf(guest)).toEqual(['view_chats', 'view_help', 'display_ads', 'site_access']);
  });

  for (const role of roles) {
    it(`grants ${role} exactly its matrix row, in the spec's order`, () => {
      const held = permissionsOf(member(role));
      expect([...held].sort()).toEqual([...expected[role]].sort());
      expect(held).toEqual(permissionNames.filter((p) => held.includes(p)));
      for (const p of permissionNames) {
        expect(hasPermission(member(role), p)).toBe(expected[role].includes(p));
      }
    });
  }

  it('never grants a restriction permission by role', () => {
    for (const role of roles) {
      expect(rolePermissions[role].filter(isRestrictionPermission)).toEqual([]);
    }
    expect(restrictionPermissions).toEqual([
      'temporary_shadowban',
      'restriction_temporary',
      'restriction_complete',
      'limited_access',
    ]);
  });

  it('includes every lower paid tier in a higher one, except display_ads which paying removes', () => {
    for (const [i, role] of roles.entries()) {
      for (const lower of roles.slice(0, i)) {
        const missing = rolePermissions[lower].filter(
          (p) => p !== 'display_ads' && !rolePermissions[role].includes(p),
        );
        expect(missing, `${role} lacks ${lower}'s`).toEqual([]);
      }
    }
    expect(roles.filter((r) => rolePermissions[r].includes('display_ads'))).toEqual([
      'free_tier',
      'beta_user',
    ]);
  });

  it('adds shadowban without taking anything away', () => {
    const held = permissionsOf(member('paid_basic', ['shadowban']));
    expect(held).toEqual(
      permissionNames.filter((p) => [...paidBasic, 'temporary_shadowban'].includes(p)),
    );
  });

  it('takes creating and deleting bots from a Restricted member and adds limited_access', () => {
    const held = permissionsOf(member('paid_premium', ['restriction_limited']));
    expect(held).toContain('limited_access');
    expect(held).toContain('view_chats');
    expect(held).not.toContain('create_character');
    expect(held).not.toContain('delete_character');
  });

  it.each([
    ['restriction_full', 'restriction_complete'],
    ['restriction_full_time', 'restriction_temporary'],
  ] as const)('leaves a %s member only their screen, help and sign-out', (type, permission) => {
    for (const role of roles) {
      expect([...permissionsOf(member(role, [type]))].sort()).toEqual(
        ['site_access', 'view_help', 'view_auth', permission].sort(),
      );
    }
  });

  it('combines several restrictions', () => {
    const held = permissionsOf(member('free_tier', ['shadowban', 'restriction_limited']));
    expect(held).toContain('temporary_shadowban');
    expect(held).toContain('limited_access');
    expect(held).not.toContain('create_character');
  });
});

describe('mostSevere', () => {
  it('orders terminated, hold, restricted, shadowban', () => {
    expect(mostSevere([])).toBeNull();
    expect(mostSevere(['shadowban', 'restriction_limited'])).toBe('restriction_limited');
    expect(mostSevere(['restriction_limited', 'restriction_full_time'])).toBe(
      'restriction_full_time',
    );
    expect(mostSevere([...restrictionTypes])).toBe('restriction_full');
  });
});

describe('roleAtLeast', () => {
  it('follows the tier order', () => {
    expect(roleAtLeast('paid_basic', 'paid_minimal')).toBe(true);
    expect(roleAtLeast('paid_minimal', 'paid_basic')).toBe(false);
    expect(roleAtLeast('admin', 'employee')).toBe(true);
    expect(roleAtLeast('beta_user', 'free_tier')).toBe(true);
  });
});

describe('guardRoute', () => {
  it('allows a page that requires nothing', () => {
    expect(guardRoute(undefined, [])).toBe('allowed');
    expect(guardRoute(null, ['limited_access'])).toBe('allowed');
  });

  it('allows a page whose permission is held', () => {
    expect(guardRoute('view_chats', permissionsOf(member('free_tier')))).toBe('allowed');
  });

  it('shows the ban page to a limited member missing the permission', () => {
    const held = permissionsOf(member('free_tier', ['restriction_limited']));
    expect(guardRoute('create_character', held)).toBe('ban');
  });

  it('answers forbidden to anyone else missing the permission', () => {
    expect(guardRoute('view_auth', permissionsOf(guest))).toBe('forbidden');
    expect(guardRoute('memory_manager', permissionsOf(member('paid_minimal')))).toBe('forbidden');
  });
});

describe('featureFlagsOf and contextTokensOf', () => {
  const context: Record<Role, number> = {
    free_tier: 2048,
    beta_user: 2048,
    paid_minimal: 3072,
    paid_basic: 4096,
    paid_premium: 8192,
    employee: 8192,
    admin: 8192,
  };

  it('gives guests the defaults and 2048 tokens, and reports only the built ones', () => {
    const flags = featureFlagsOf(guest);
    expect(flags).toMatchObject({ lorebook: true, groupchat: true, onboarding_v2: false });
    // Lorebooks, group chats and the leaderboard are built; create v2 and the other UI versions are not reported.
    expect(enabledFlags(flags)).toEqual(['lorebook', 'groupchat', 'leaderboard']);
    expect(contextTokensOf(flags)).toBe(2048);
  });

  for (const role of roles) {
    it(`gives ${role} ${String(context[role])} tokens of context`, () => {
      expect(contextTokensOf(featureFlagsOf(member(role)))).toBe(context[role]);
    });
  }

  it('gives conversation images and generation settings from paid_basic up, translation from paid_premium', () => {
    for (const role of roles) {
      const flags = featureFlagsOf(member(role));
      const paidBasicUp = roleAtLeast(role, 'paid_basic');
      expect(flags.conversation_images).toBe(paidBasicUp);
      expect(flags.generation_settings).toBe(paidBasicUp);
      expect(flags.avatar_images_v2).toBe(roleAtLeast(role, 'paid_premium'));
      expect(flags.image_training).toBe(roleAtLeast(role, 'employee'));
      expect(flags.admin).toBe(role === 'admin');
      expect(flags.character_translate_public).toBe(roleAtLeast(role, 'paid_premium'));
      expect(flags.character_translate_private).toBe(roleAtLeast(role, 'employee'));
    }
  });

  it('gives a terminated or held member the defaults only', () => {
    for (const type of ['restriction_full', 'restriction_full_time'] as const) {
      expect(featureFlagsOf(member('admin', [type]))).toEqual(featureFlagsOf(guest));
    }
    expect(featureFlagsOf(member('paid_basic', ['restriction_limited'])).conversation_images).toBe(
      true,
    );
  });
});

describe('personaLimits', () => {
  it('follows the plan limits of the spec', () => {
    expect(personaLimits).toMatchObject({
      free_tier: 3,
      paid_minimal: 10,
      paid_basic: 50,
      paid_premium: 100,
    });
    for (const [i, role] of roles.entries()) {
      for (const lower of roles.slice(0, i)) {
        expect(personaLimits[role]).toBeGreaterThanOrEqual(personaLimits[lower]);
      }
    }
  });
});
