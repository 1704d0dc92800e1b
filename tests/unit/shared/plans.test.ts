import { describe, expect, it } from 'vitest';
import { formatPrice, plans } from '#shared/rules/plans';
import { permissionsOf } from '#shared/rules/permissions';
import { waitsInLine } from '#shared/rules/waiting-room';

describe('plans', () => {
  it('are the three paid tiers of the spec, lowest first', () => {
    expect(plans.map((p) => [p.role, p.name])).toEqual([
      ['paid_minimal', 'Get a Taste'],
      ['paid_basic', 'True Supporter'],
      ['paid_premium', 'I’m All In'],
    ]);
  });

  it('all skip the waiting line, as the subscribe page says', () => {
    for (const plan of plans) {
      const permissions = permissionsOf({ kind: 'member', role: plan.role, restrictions: [] });
      expect(waitsInLine(permissions, false)).toBe(false);
    }
    expect(
      waitsInLine(permissionsOf({ kind: 'member', role: 'free_tier', restrictions: [] }), false),
    ).toBe(true);
  });

  it('cost less a year than their list price', () => {
    for (const plan of plans) expect(plan.annual.price).toBeLessThan(plan.annual.listPrice);
  });
});

describe('formatPrice', () => {
  it('shows whole dollars without cents and the rest with two decimals', () => {
    expect(formatPrice(15)).toBe('$15');
    expect(formatPrice(149.99)).toBe('$149.99');
    expect(formatPrice(24.9)).toBe('$24.90');
  });
});
