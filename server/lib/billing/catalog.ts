/**
 * What is for sale, as the operator configures it (COMMERCE_FILE, by default content/commerce.json):
 * tiers and what they list, offers (price lists, one currency each, optionally time-boxed like a sale)
 * with their plans, payment methods, coupons, tax rates, the grace period and pledge tiers. Read and
 * checked once at start; a bad file stops the process with the reason. Amounts are kept in minor units.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { tierNames } from '#shared/rules/plans';
import {
  BillingPeriodSchema,
  CurrencySchema,
  PaidRoleSchema,
  PaymentMethodSchema,
  type BillingPeriod,
  type PaidRole,
  type Plan,
} from '#shared/schemas/billing';

const MoneySchema = z.number().nonnegative().multipleOf(0.01);

const FileSchema = z.object({
  tiers: z.array(z.object({ role: PaidRoleSchema, features: z.array(z.string()) })),
  offers: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,64}$/),
        currency: CurrencySchema,
        defaultPlanId: z.string(),
        startsAt: z.iso.datetime().optional(),
        endsAt: z.iso.datetime().optional(),
        plans: z
          .array(
            z.object({
              planId: z.string().regex(/^[a-z0-9-]{1,64}$/),
              role: PaidRoleSchema,
              period: BillingPeriodSchema,
              price: MoneySchema.positive(),
              listPrice: MoneySchema.optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  annualTagline: z.string().nullable().default(null),
  paymentMethods: z.array(PaymentMethodSchema).min(1),
  coupons: z
    .array(
      z
        .object({
          code: z.string().regex(/^[A-Z0-9_-]{2,40}$/),
          percentOff: z.number().positive().max(100).optional(),
          amountOff: MoneySchema.positive().optional(),
          maxRedemptions: z.number().int().positive().nullable().default(null),
          oncePerMember: z.boolean().default(true),
          expiresAt: z.iso.datetime().optional(),
          /** Plans it applies to; all when absent. */
          planIds: z.array(z.string()).optional(),
        })
        .refine((c) => (c.percentOff === undefined) !== (c.amountOff === undefined), {
          message: 'give exactly one of percentOff or amountOff',
        }),
    )
    .default([]),
  taxRates: z
    .array(
      z.object({
        country: z.string().regex(/^[A-Z]{2}$/),
        /** A region code; the country's own rate applies where no region rate is given. */
        state: z.string().optional(),
        rate: z.number().min(0).max(100),
      }),
    )
    .default([]),
  graceDays: z.number().int().positive().default(7),
  /** Pledge-service tier ids and the role each grants. */
  pledgeTiers: z.record(z.string(), z.record(z.string(), PaidRoleSchema)).default({}),
  /** Where members of other platforms manage their subscription. */
  externalPages: z.record(z.string(), z.url()).default({}),
  /**
   * The tiers the creators leaderboard's prizes grant for a month (product-rules.md §9: the top 3 a
   * top tier, the next 7 a lower tier).
   */
  leaderboardPrizes: z
    .object({ top: PaidRoleSchema, lower: PaidRoleSchema })
    .default({ top: 'paid_premium', lower: 'paid_basic' }),
});

/** A plan as the server prices it. */
export interface CatalogPlan {
  planId: string;
  offerId: string;
  role: PaidRole;
  name: string;
  period: BillingPeriod;
  /** Minor units. */
  price: number;
  listPrice: number | null;
  currency: string;
}

export interface Offer {
  id: string;
  currency: string;
  defaultPlanId: string;
  startsAt: Date | null;
  endsAt: Date | null;
  plans: CatalogPlan[];
}

export interface Coupon {
  code: string;
  percentOff: number | null;
  /** Minor units. */
  amountOff: number | null;
  maxRedemptions: number | null;
  oncePerMember: boolean;
  expiresAt: Date | null;
  planIds: string[] | null;
}

type CommerceFile = z.infer<typeof FileSchema>;

export class Catalog {
  readonly offers: readonly Offer[];
  readonly coupons: readonly Coupon[];
  private readonly plans = new Map<string, CatalogPlan>();

  constructor(private readonly file: CommerceFile) {
    this.offers = file.offers.map((o) => ({
      id: o.id,
      currency: o.currency,
      defaultPlanId: o.defaultPlanId,
      startsAt: o.startsAt === undefined ? null : new Date(o.startsAt),
      endsAt: o.endsAt === undefined ? null : new Date(o.endsAt),
      plans: o.plans.map((p) => ({
        planId: p.planId,
        offerId: o.id,
        role: p.role,
        name: tierNames[p.role],
        period: p.period,
        price: toMinor(p.price),
        listPrice: p.listPrice === undefined ? null : toMinor(p.listPrice),
        currency: o.currency,
      })),
    }));
    for (const offer of this.offers) {
      if (!offer.plans.some((p) => p.planId === offer.defaultPlanId)) {
        throw new Error(
          `offer ${offer.id}: defaultPlanId ${offer.defaultPlanId} is not one of its plans`,
        );
      }
      for (const plan of offer.plans) {
        if (this.plans.has(plan.planId)) throw new Error(`plan ${plan.planId} is listed twice`);
        this.plans.set(plan.planId, plan);
      }
    }
    if (!this.offers.some((o) => o.id === standardOfferId)) {
      throw new Error(`an offer with id "${standardOfferId}" is required`);
    }
    this.coupons = file.coupons.map((c) => ({
      code: c.code,
      percentOff: c.percentOff ?? null,
      amountOff: c.amountOff === undefined ? null : toMinor(c.amountOff),
      maxRedemptions: c.maxRedemptions,
      oncePerMember: c.oncePerMember,
      expiresAt: c.expiresAt === undefined ? null : new Date(c.expiresAt),
      planIds: c.planIds ?? null,
    }));
  }

  get paymentMethods() {
    return this.file.paymentMethods;
  }

  get graceDays(): number {
    return this.file.graceDays;
  }

  get externalPages(): Record<string, string> {
    return this.file.externalPages;
  }

  /** The role a leaderboard prize of a tier grants for a month. */
  prizeRole(tier: 'top' | 'lower'): PaidRole {
    return this.file.leaderboardPrizes[tier];
  }

  /** The role a pledge-service tier grants, or null for a tier the operator did not map. */
  pledgeRole(service: string, tierId: string): PaidRole | null {
    return this.file.pledgeTiers[service]?.[tierId] ?? null;
  }

  plan(planId: string): CatalogPlan | undefined {
    return this.plans.get(planId);
  }

  /** An offer that is on sale at `now` (a sale outside its window is not). */
  offer(offerId: string, now: Date): Offer | undefined {
    const offer = this.offers.find((o) => o.id === offerId);
    if (offer === undefined) return undefined;
    if (offer.startsAt !== null && now < offer.startsAt) return undefined;
    if (offer.endsAt !== null && now >= offer.endsAt) return undefined;
    return offer;
  }

  coupon(code: string): Coupon | undefined {
    return this.coupons.find((c) => c.code === code);
  }

  /** The tax rate (percent) of an address: its region's rate, else its country's, else 0. */
  taxRate(country: string, state: string): number {
    const rates = this.file.taxRates.filter((r) => r.country === country);
    return (
      rates.find((r) => r.state !== undefined && r.state === state)?.rate ??
      rates.find((r) => r.state === undefined)?.rate ??
      0
    );
  }

  /** A plan as clients see it; upgradePrice is for the portal's plan change. */
  toPlan(plan: CatalogPlan, upgradePrice: number | null = null): Plan {
    return {
      planId: plan.planId,
      offerId: plan.offerId,
      role: plan.role,
      name: plan.name,
      period: plan.period,
      billingFrequency: frequencyOf(plan.period),
      price: toMajor(plan.price),
      listPrice: plan.listPrice === null ? null : toMajor(plan.listPrice),
      currency: plan.currency,
      features: this.file.tiers.find((t) => t.role === plan.role)?.features ?? [],
      annualTagline: plan.period === 'annual' ? this.file.annualTagline : null,
      upgradePrice: upgradePrice === null ? null : toMajor(upgradePrice),
    };
  }
}

/** The offer every plan page shows unless another (a sale) is named. */
export const standardOfferId = 'standard';

export function frequencyOf(period: BillingPeriod): string {
  return period === 'annual' ? 'Yearly Subscription' : 'Monthly Subscription';
}

/** 24.99 → 2499 */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

/** 2499 → 24.99 */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** Reads and checks the operator's commerce file; throws one line naming what is wrong. */
export function loadCatalog(file: string): Catalog {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`COMMERCE_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = FileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `COMMERCE_FILE ${file}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
    );
  }
  try {
    return new Catalog(parsed.data);
  } catch (err) {
    throw new Error(`COMMERCE_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
