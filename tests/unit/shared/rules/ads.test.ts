import { describe, expect, it } from 'vitest';
import { defaultAdAfterMessages, showsAdFreeUpsell, showsAdSlot } from '#shared/rules/ads';
import { permissionsOf } from '#shared/rules/permissions';
import { roles, type Role } from '#shared/schemas/user';

const permissions = (role: Role) => permissionsOf({ kind: 'member', role, restrictions: [] });
const guest = permissionsOf({ kind: 'guest', role: 'free_tier', restrictions: [] });

describe('showsAdSlot', () => {
  const free = permissions('free_tier');
  const slot = (loaded: number, hasMore = false, afterMessages = defaultAdAfterMessages) =>
    showsAdSlot({ permissions: free, loaded, hasMore, afterMessages });

  it('shows once a free chat exceeds 10 messages, not at 10', () => {
    expect(defaultAdAfterMessages).toBe(10);
    expect(slot(10)).toBe(false);
    expect(slot(11)).toBe(true);
  });

  it('takes the configured threshold', () => {
    expect(slot(3, false, 2)).toBe(true);
    expect(slot(2, false, 2)).toBe(false);
    expect(slot(0, false, 0)).toBe(false);
    expect(slot(1, false, 0)).toBe(true);
  });

  it('counts older messages not loaded yet only when the loaded ones reach the threshold', () => {
    expect(slot(10, true)).toBe(true);
    expect(slot(9, true)).toBe(false);
  });

  it('shows to guests and free members, never to paying tiers or staff', () => {
    for (const role of roles) {
      const isFree = role === 'free_tier' || role === 'beta_user';
      expect(
        showsAdSlot({
          permissions: permissions(role),
          loaded: 50,
          hasMore: true,
          afterMessages: 10,
        }),
      ).toBe(isFree);
      expect(showsAdFreeUpsell(permissions(role))).toBe(isFree);
    }
    expect(showsAdSlot({ permissions: guest, loaded: 11, hasMore: false, afterMessages: 10 })).toBe(
      true,
    );
  });
});
