import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '#server/db/repositories/subscriptions.repo';
import { dueAction } from '#server/lib/billing/lifecycle';

const now = new Date('2026-11-28T12:00:00Z');
const past = new Date('2026-11-28T11:59:59Z');
const future = new Date('2026-11-28T12:00:01Z');

function sub(overrides: Partial<SubscriptionRecord>): SubscriptionRecord {
  return {
    id: 'sub',
    userId: 'user',
    platform: 'card',
    planId: 'basic-1m',
    status: 'active',
    autoRenew: true,
    startedAt: past,
    periodStartedAt: past,
    recurAt: future,
    graceUntil: null,
    nextPlanId: null,
    cancelledAt: null,
    endedAt: null,
    externalRef: null,
    ...overrides,
  };
}

describe('dueAction', () => {
  it('leaves a subscription alone until its recur_at', () => {
    expect(dueAction(sub({}), now)).toBeNull();
    expect(dueAction(sub({ status: 'cancelled' }), now)).toBeNull();
  });

  it('renews a card subscription that renews by itself at recur_at, to the millisecond', () => {
    expect(dueAction(sub({ recurAt: now }), now)).toBe('renew');
  });

  it('ends one that does not renew by itself, and a cancelled one, at recur_at', () => {
    expect(dueAction(sub({ recurAt: past, autoRenew: false }), now)).toBe('end_not_renewed');
    expect(dueAction(sub({ recurAt: past, status: 'cancelled' }), now)).toBe('end_cancelled');
  });

  it('keeps grace until grace_until, then ends it', () => {
    expect(dueAction(sub({ status: 'grace', recurAt: past, graceUntil: future }), now)).toBeNull();
    expect(dueAction(sub({ status: 'grace', recurAt: past, graceUntil: past }), now)).toBe(
      'end_grace',
    );
  });

  it('never acts on an expired subscription', () => {
    expect(dueAction(sub({ status: 'expired', recurAt: past }), now)).toBeNull();
  });
});
