/**
 * Money rules of checkout and plan changes (product-rules.md §3 "Checkout calculation", §4 "Plan
 * change"), pure and in minor units: discounts, tax on what is left, billing periods, and the prorated
 * price of an upgrade. The server is the only one that computes these.
 */
import { paidRoles, type BillingPeriod, type PaidRole } from '#shared/schemas/billing';
import type { CatalogPlan, Coupon } from './catalog';

/** Why a coupon does not apply, or null when it does. */
export type CouponRefusal = 'unknown' | 'expired' | 'plan' | 'exhausted' | 'used';

/** Whether a coupon applies to a plan at `now`, judged on the coupon alone (not on redemptions). */
export function couponRefusal(
  coupon: Coupon | undefined,
  plan: CatalogPlan,
  now: Date,
): CouponRefusal | null {
  if (coupon === undefined) return 'unknown';
  if (coupon.expiresAt !== null && now >= coupon.expiresAt) return 'expired';
  if (coupon.planIds !== null && !coupon.planIds.includes(plan.planId)) return 'plan';
  return null;
}

/** The amount a coupon takes off a subtotal: a percentage rounded to the cent, never below zero. */
export function discountOf(coupon: Coupon, subtotal: number): number {
  const off =
    coupon.percentOff !== null
      ? Math.round((subtotal * coupon.percentOff) / 100)
      : coupon.amountOff;
  return Math.min(subtotal, off ?? 0);
}

/** Tax at `ratePercent` on an amount, rounded half up to the cent. */
export function taxOf(amount: number, ratePercent: number): number {
  return Math.round((amount * ratePercent) / 100);
}

export interface Totals {
  subtotal: number;
  discount: number;
  tax: number;
  taxRate: number;
  total: number;
}

/** Subtotal, then the discount, then tax on the discounted amount. */
export function totalsOf(subtotal: number, discount: number, taxRate: number): Totals {
  const taxable = subtotal - discount;
  const tax = taxOf(taxable, taxRate);
  return { subtotal, discount, tax, taxRate, total: taxable + tax };
}

/**
 * The end of a billing period that starts at `from`: the same day of the next month (the month's last
 * day when it has no such day, so Jan 31 → Feb 28) or of the next year.
 */
export function addPeriod(from: Date, period: BillingPeriod): Date {
  const months = period === 'annual' ? 12 : 1;
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

function rank(role: PaidRole): number {
  return paidRoles.indexOf(role);
}

/**
 * How a change from one plan to another takes effect: a higher tier billed as often is an upgrade,
 * charged now for what is left of the period; anything else (a lower tier, another frequency) waits
 * for the next billing cycle.
 */
export function changeKind(current: CatalogPlan, target: CatalogPlan): 'upgrade' | 'next_cycle' {
  return rank(target.role) > rank(current.role) && target.period === current.period
    ? 'upgrade'
    : 'next_cycle';
}

/**
 * The prorated price of an upgrade (before tax): the difference of the two prices for the share of the
 * period still to come, at least one cent while any of it is left.
 */
export function upgradePrice(
  current: CatalogPlan,
  target: CatalogPlan,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): number {
  if (changeKind(current, target) !== 'upgrade') return 0;
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = periodEnd.getTime() - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  const share = Math.min(1, left / total);
  return Math.max(1, Math.round((target.price - current.price) * share));
}
