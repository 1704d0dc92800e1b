/**
 * Subscriptions: at most one live (not expired) per member, enforced by a unique partial index. Every
 * change of status is a conditional update on the status it moves from, so a job and a webhook acting
 * on one subscription at once cannot both move it.
 */
import type { SubscriptionPlatform } from '#shared/schemas/billing';
import type { Db } from '../database';
import type { SubscriptionRow, SubscriptionStatusColumn } from '../tables';

export interface SubscriptionRecord {
  id: string;
  userId: string;
  platform: SubscriptionPlatform;
  planId: string;
  status: SubscriptionStatusColumn;
  autoRenew: boolean;
  startedAt: Date;
  periodStartedAt: Date;
  recurAt: Date;
  graceUntil: Date | null;
  nextPlanId: string | null;
  cancelledAt: Date | null;
  endedAt: Date | null;
  externalRef: string | null;
}

function platformOf(value: string): SubscriptionPlatform {
  switch (value) {
    case 'card':
    case 'revenue-cat':
    case 'subscribestar':
    case 'boosty':
    case 'prize':
      return value;
    default:
      throw new Error(`unknown subscription platform ${value}`);
  }
}

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    platform: platformOf(row.platform),
    planId: row.plan_id,
    status: row.status,
    autoRenew: row.auto_renew,
    startedAt: row.started_at,
    periodStartedAt: row.period_started_at,
    recurAt: row.recur_at,
    graceUntil: row.grace_until,
    nextPlanId: row.next_plan_id,
    cancelledAt: row.cancelled_at,
    endedAt: row.ended_at,
    externalRef: row.external_ref,
  };
}

/** The member's live subscription (active, cancelled or in grace), if any. */
export async function findLive(db: Db, userId: string): Promise<SubscriptionRecord | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '<>', 'expired')
    .executeTakeFirst();
  return row && toSubscription(row);
}

/** The member's subscriptions, newest first (the portal shows the first). */
export async function listForUser(db: Db, userId: string): Promise<SubscriptionRecord[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toSubscription);
}

export async function lockById(db: Db, id: string): Promise<SubscriptionRecord | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toSubscription(row);
}

export async function findById(db: Db, id: string): Promise<SubscriptionRecord | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSubscription(row);
}

export async function insert(
  db: Db,
  sub: {
    userId: string;
    platform: SubscriptionPlatform;
    planId: string;
    autoRenew: boolean;
    periodStartedAt: Date;
    recurAt: Date;
    externalRef: string | null;
  },
): Promise<SubscriptionRecord> {
  const row = await db
    .insertInto('subscriptions')
    .values({
      user_id: sub.userId,
      platform: sub.platform,
      plan_id: sub.planId,
      status: 'active',
      auto_renew: sub.autoRenew,
      started_at: sub.periodStartedAt,
      period_started_at: sub.periodStartedAt,
      recur_at: sub.recurAt,
      external_ref: sub.externalRef,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}

/** The fields a change writes; anything left out stays as it is. */
export interface SubscriptionChange {
  status?: SubscriptionStatusColumn;
  planId?: string;
  autoRenew?: boolean;
  periodStartedAt?: Date;
  recurAt?: Date;
  graceUntil?: Date | null;
  nextPlanId?: string | null;
  cancelledAt?: Date | null;
  endedAt?: Date | null;
  externalRef?: string | null;
}

/**
 * Applies a change if the subscription is still in one of `from`; returns the changed record, or
 * undefined when it had moved on (someone else changed it first).
 */
export async function change(
  db: Db,
  id: string,
  from: readonly SubscriptionStatusColumn[],
  changes: SubscriptionChange,
): Promise<SubscriptionRecord | undefined> {
  const row = await db
    .updateTable('subscriptions')
    .set({
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.planId === undefined ? {} : { plan_id: changes.planId }),
      ...(changes.autoRenew === undefined ? {} : { auto_renew: changes.autoRenew }),
      ...(changes.periodStartedAt === undefined
        ? {}
        : { period_started_at: changes.periodStartedAt }),
      ...(changes.recurAt === undefined ? {} : { recur_at: changes.recurAt }),
      ...(changes.graceUntil === undefined ? {} : { grace_until: changes.graceUntil }),
      ...(changes.nextPlanId === undefined ? {} : { next_plan_id: changes.nextPlanId }),
      ...(changes.cancelledAt === undefined ? {} : { cancelled_at: changes.cancelledAt }),
      ...(changes.endedAt === undefined ? {} : { ended_at: changes.endedAt }),
      ...(changes.externalRef === undefined ? {} : { external_ref: changes.externalRef }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst();
  return row && toSubscription(row);
}

/**
 * Subscriptions the job must act on at `now`: active card ones to renew, ones that end (cancelled, or
 * not renewing by themselves) and grace periods that ran out. Oldest due first.
 */
export async function listDue(db: Db, now: Date, limit: number): Promise<SubscriptionRecord[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '<>', 'expired')
    .where((eb) =>
      eb.or([
        eb('recur_at', '<=', now),
        eb.and([eb('status', '=', 'grace'), eb('grace_until', '<=', now)]),
      ]),
    )
    .orderBy('recur_at')
    .limit(limit)
    .execute();
  return rows.map(toSubscription);
}
