/**
 * Pure reading of an offer's plans (product-rules.md §3 "Plan", "Purchase options"): which period a plan
 * bills, what it costs a month, which plan the page highlights, and the feature table of a comparison.
 */
import type { BillingPeriod, Plan, PurchaseOptions } from '#shared/schemas/billing';

/** A plan id containing '1y' is annual (product-rules.md §3). */
export function periodOfPlanId(planId: string): BillingPeriod {
  return planId.includes('1y') ? 'annual' : 'monthly';
}

/** What a plan costs per month, rounded to the cent (an annual price over twelve). */
export function perMonth(plan: Pick<Plan, 'price' | 'period'>): number {
  return plan.period === 'annual' ? Math.round((plan.price / 12) * 100) / 100 : plan.price;
}

/** The period a page opens on: the default plan's, or the one that has plans. */
export function initialPeriod(options: PurchaseOptions): BillingPeriod {
  const preferred = periodOfPlanId(options.defaultPlanId);
  return options.options[preferred].length > 0 ? preferred : otherPeriod(preferred);
}

export function otherPeriod(period: BillingPeriod): BillingPeriod {
  return period === 'annual' ? 'monthly' : 'annual';
}

/** The periods that have plans, annual first (the order of the tabs). */
export function periodsOffered(options: PurchaseOptions): BillingPeriod[] {
  return (['annual', 'monthly'] as const).filter((p) => options.options[p].length > 0);
}

/** The highlighted plan of a period: the one with the default plan's role, else the dearest. */
export function highlightedPlanId(options: PurchaseOptions, period: BillingPeriod): string | null {
  const plans = options.options[period];
  const all = [...options.options.monthly, ...options.options.annual];
  const role = all.find((p) => p.planId === options.defaultPlanId)?.role;
  const match = plans.find((p) => p.role === role);
  if (match !== undefined) return match.planId;
  const dearest = [...plans].sort((a, b) => b.price - a.price)[0];
  return dearest?.planId ?? null;
}

/** One row per feature any plan lists, with which plans list it, in the order they first appear. */
export function featureTable(plans: readonly Plan[]): { feature: string; included: boolean[] }[] {
  const features: string[] = [];
  for (const plan of plans) {
    for (const feature of plan.features) if (!features.includes(feature)) features.push(feature);
  }
  return features.map((feature) => ({
    feature,
    included: plans.map((plan) => plan.features.includes(feature)),
  }));
}

/** Tab labels of the billing periods (product-rules.md §2 "Annually/Monthly tabs"). */
export const periodLabels: Record<BillingPeriod, string> = {
  annual: 'Annually',
  monthly: 'Monthly',
};
