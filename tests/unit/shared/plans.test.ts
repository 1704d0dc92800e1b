import { describe, expect, it } from 'vitest';
import { formatPrice, tierNameOf, tierNames } from '#shared/rules/plans';
import { permissionsOf } from '#shared/rules/permissions';
import { paidRoles } from '#shared/schemas/billing';
import { waitsInLine } from '#shared/rules/waiting-room';

describe('tierNames', () => {
  it('are the three paid tiers of the spec, lowest first', () => {
    expect(paidRoles.map((role) => [role, tierNames[role]])).toEqual([
      ['paid_minimal', 'Get a Taste'],
      ['paid_basic', 'True Supporter'],
      ['paid_premium', 'I’m All In'],
    ]);
  });

  it('name every role below the paid tiers Free', () => {
    expect(tierNameOf('free_tier')).toBe('Free');
    expect(tierNameOf('beta_user')).toBe('Free');
    expect(tierNameOf('paid_basic')).toBe('True Supporter');
  });

  it('all skip the waiting line, as the subscribe page says', () => {
    for (const role of paidRoles) {
      const permissions = permissionsOf({ kind: 'member', role, restrictions: [] });
      expect(waitsInLine(permissions, false)).toBe(false);
    }
    expect(
      waitsInLine(permissionsOf({ kind: 'member', role: 'free_tier', restrictions: [] }), false),
    ).toBe(true);
  });
});

describe('formatPrice', () => {
  it('shows whole amounts without cents and the rest with two decimals', () => {
    expect(formatPrice(15)).toBe('$15');
    expect(formatPrice(149.99)).toBe('$149.99');
    expect(formatPrice(24.9)).toBe('$24.90');
  });

  it('writes the currency symbol it knows, else the code', () => {
    expect(formatPrice(22.99, 'EUR')).toBe('€22.99');
    expect(formatPrice(100, 'JPY')).toBe('100 JPY');
  });
});
