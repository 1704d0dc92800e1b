import { describe, expect, it } from 'vitest';
import type { CatalogPlan, Coupon } from '#server/lib/billing/catalog';
import {
  addPeriod,
  changeKind,
  couponRefusal,
  discountOf,
  taxOf,
  totalsOf,
  upgradePrice,
} from '#server/lib/billing/pricing';

function plan(overrides: Partial<CatalogPlan>): CatalogPlan {
  return {
    planId: 'basic-1m',
    offerId: 'standard',
    role: 'paid_basic',
    name: 'True Supporter',
    period: 'monthly',
    price: 1500,
    listPrice: null,
    currency: 'USD',
    ...overrides,
  };
}

const coupon: Coupon = {
  code: 'TEN',
  percentOff: 10,
  amountOff: null,
  maxRedemptions: null,
  oncePerMember: true,
  expiresAt: null,
  planIds: null,
};

describe('discountOf', () => {
  it('takes a percentage off, rounded to the cent', () => {
    expect(discountOf(coupon, 2499)).toBe(250);
    expect(discountOf({ ...coupon, percentOff: 100 }, 2499)).toBe(2499);
  });

  it('takes a fixed amount off, never more than the subtotal', () => {
    const fixed = { ...coupon, percentOff: null, amountOff: 500 };
    expect(discountOf(fixed, 2499)).toBe(500);
    expect(discountOf(fixed, 300)).toBe(300);
  });
});

describe('couponRefusal', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('refuses an unknown, expired or other-plan coupon, and takes a valid one', () => {
    expect(couponRefusal(undefined, plan({}), now)).toBe('unknown');
    expect(
      couponRefusal({ ...coupon, expiresAt: new Date('2026-11-28T11:59:59Z') }, plan({}), now),
    ).toBe('expired');
    expect(couponRefusal({ ...coupon, planIds: ['premium-1m'] }, plan({}), now)).toBe('plan');
    expect(couponRefusal({ ...coupon, planIds: ['basic-1m'] }, plan({}), now)).toBeNull();
  });
});

describe('taxOf and totalsOf', () => {
  it('taxes what is left after the discount, rounding half up', () => {
    expect(taxOf(2499, 19)).toBe(475);
    expect(taxOf(5, 10)).toBe(1);
    expect(totalsOf(2499, 250, 19)).toEqual({
      subtotal: 2499,
      discount: 250,
      tax: 427,
      taxRate: 19,
      total: 2676,
    });
  });

  it('adds nothing where there is no tax', () => {
    expect(totalsOf(1500, 0, 0).total).toBe(1500);
  });
});

describe('addPeriod', () => {
  it('moves to the same day of the next month or year', () => {
    expect(addPeriod(new Date('2026-03-15T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-04-15T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-03-15T10:00:00Z'), 'annual').toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
  });

  it('ends on the last day of a shorter month', () => {
    expect(addPeriod(new Date('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'annual').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-31T00:00:00.000Z',
    );
  });
});

describe('changeKind and upgradePrice', () => {
  const basic = plan({});
  const premium = plan({ planId: 'premium-1m', role: 'paid_premium', price: 2499 });
  const premiumYear = plan({
    planId: 'premium-1y',
    role: 'paid_premium',
    period: 'annual',
    price: 24999,
  });
  const start = new Date('2026-11-01T00:00:00Z');
  const end = new Date('2026-12-01T00:00:00Z');

  it('upgrades at once to a higher tier billed as often; everything else waits', () => {
    expect(changeKind(basic, premium)).toBe('upgrade');
    expect(changeKind(premium, basic)).toBe('next_cycle');
    expect(changeKind(basic, premiumYear)).toBe('next_cycle');
  });

  it('charges the price difference for the share of the period left', () => {
    const half = new Date('2026-11-16T00:00:00Z');
    expect(upgradePrice(basic, premium, start, end, half)).toBe(500);
    expect(upgradePrice(basic, premium, start, end, start)).toBe(999);
  });

  it('charges nothing for a downgrade, another frequency, or a period already over', () => {
    expect(upgradePrice(premium, basic, start, end, start)).toBe(0);
    expect(upgradePrice(basic, premiumYear, start, end, start)).toBe(0);
    expect(upgradePrice(basic, premium, start, end, end)).toBe(0);
  });

  it('charges at least a cent while any of the period is left', () => {
    const lastSecond = new Date(end.getTime() - 1000);
    expect(upgradePrice(basic, premium, start, end, lastSecond)).toBe(1);
  });
});
