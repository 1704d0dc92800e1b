import { describe, expect, it } from 'vitest';
import type { Plan, PurchaseOptions } from '#shared/schemas/billing';
import {
  featureTable,
  highlightedPlanId,
  initialPeriod,
  perMonth,
  periodOfPlanId,
  periodsOffered,
} from '../../../../../client/features/plans/catalog';

function plan(planId: string, role: Plan['role'], price: number, features: string[]): Plan {
  return {
    planId,
    offerId: 'standard',
    role,
    name: planId,
    period: periodOfPlanId(planId),
    billingFrequency: '',
    price,
    listPrice: null,
    currency: 'USD',
    features,
    annualTagline: null,
    upgradePrice: null,
  };
}

const options: PurchaseOptions = {
  offerId: 'standard',
  currency: 'USD',
  defaultPlanId: 'premium-1m',
  paymentMethods: [],
  cardForm: { kind: 'sandbox' },
  options: {
    monthly: [
      plan('basic-1m', 'paid_basic', 15, ['a']),
      plan('premium-1m', 'paid_premium', 24.99, ['a', 'b']),
    ],
    annual: [
      plan('minimal-1y', 'paid_minimal', 50, ['c']),
      plan('basic-1y', 'paid_basic', 149.99, ['a']),
    ],
  },
  endsAt: null,
};

describe('the plans of an offer', () => {
  it("reads a plan id containing '1y' as annual", () => {
    expect(periodOfPlanId('premium-1y-sale')).toBe('annual');
    expect(periodOfPlanId('premium-1m')).toBe('monthly');
  });

  it('shows an annual price per month', () => {
    expect(perMonth({ price: 149.99, period: 'annual' })).toBe(12.5);
    expect(perMonth({ price: 15, period: 'monthly' })).toBe(15);
  });

  it("opens on the default plan's period and lists the periods that have plans, annual first", () => {
    expect(initialPeriod(options)).toBe('monthly');
    expect(periodsOffered(options)).toEqual(['annual', 'monthly']);
    expect(periodsOffered({ ...options, options: { ...options.options, monthly: [] } })).toEqual([
      'annual',
    ]);
  });

  it("highlights the default plan's tier, else the dearest plan of the period", () => {
    expect(highlightedPlanId(options, 'monthly')).toBe('premium-1m');
    expect(highlightedPlanId(options, 'annual')).toBe('basic-1y');
  });

  it('tabulates every feature against every plan', () => {
    expect(featureTable(options.options.monthly)).toEqual([
      { feature: 'a', included: [true, true] },
      { feature: 'b', included: [false, true] },
    ]);
  });
});
