import { describe, expect, it } from 'vitest';
import { agedPriority, replyPriority, tierPriority } from '#shared/jobs/generation';
import { permissionsOf } from '#shared/rules/permissions';
import { waitMinutes, waitsInLine } from '#shared/rules/waiting-room';
import type { roles } from '#shared/schemas/user';
import { estimateWaitSeconds } from '#server/lib/waiting-room';
import { capacityFor } from '#workers/waiting-room/admit.processor';

describe('reply priority by tier', () => {
  it('serves premium before basic before minimal before free before guests', () => {
    expect(replyPriority({ kind: 'member', role: 'paid_premium' })).toBe(tierPriority.premium);
    expect(replyPriority({ kind: 'member', role: 'admin' })).toBe(tierPriority.premium);
    expect(replyPriority({ kind: 'member', role: 'paid_basic' })).toBe(tierPriority.basic);
    expect(replyPriority({ kind: 'member', role: 'paid_minimal' })).toBe(tierPriority.minimal);
    expect(replyPriority({ kind: 'member', role: 'free_tier' })).toBe(tierPriority.free);
    expect(replyPriority({ kind: 'member', role: 'beta_user' })).toBe(tierPriority.free);
    expect(replyPriority({ kind: 'guest', role: 'paid_premium' })).toBe(tierPriority.guest);
    const order = [tierPriority.premium, tierPriority.basic, tierPriority.free, tierPriority.guest];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('ages a waiting job one step per period, never past the top', () => {
    const t0 = 1_000_000;
    expect(agedPriority(5, t0, t0, 10)).toBe(5);
    expect(agedPriority(5, t0, t0 + 9_999, 10)).toBe(5);
    expect(agedPriority(5, t0, t0 + 10_000, 10)).toBe(4);
    expect(agedPriority(5, t0, t0 + 35_000, 10)).toBe(2);
    expect(agedPriority(5, t0, t0 + 600_000, 10)).toBe(1);
    // A clock behind the enqueue time earns nothing.
    expect(agedPriority(3, t0, t0 - 5_000, 10)).toBe(3);
  });
});

describe('the waiting room', () => {
  it('holds back free members and guests, never paying members, staff or partner sites', () => {
    const waits = (role: (typeof roles)[number], kind: 'guest' | 'member' = 'member') =>
      waitsInLine(permissionsOf({ kind, role, restrictions: [] }), false);
    expect(waits('free_tier', 'guest')).toBe(true);
    expect(waits('free_tier')).toBe(true);
    expect(waits('beta_user')).toBe(true);
    expect(waits('paid_minimal')).toBe(false);
    expect(waits('paid_basic')).toBe(false);
    expect(waits('paid_premium')).toBe(false);
    expect(waits('employee')).toBe(false);
    expect(waits('admin')).toBe(false);
    expect(
      waitsInLine(permissionsOf({ kind: 'member', role: 'free_tier', restrictions: [] }), true),
    ).toBe(false);
  });

  it('sizes capacity from the live pool between the floor and the ceiling', () => {
    const opts = { min: 20, max: 100, usersPerSlot: 10 };
    expect(capacityFor(0, opts)).toBe(20);
    expect(capacityFor(4, opts)).toBe(40);
    expect(capacityFor(8, opts)).toBe(80);
    expect(capacityFor(50, opts)).toBe(100);
  });

  it('estimates the wait from the measured admission rate, or from access turnover before any', () => {
    // 60 admissions in the 5-minute window: one every 5 s.
    expect(
      estimateWaitSeconds({
        position: 12,
        recentAdmissions: 60,
        capacity: 10,
        accessSeconds: 1200,
      }),
    ).toBe(60);
    // No admission measured yet: 10 places turning over every 1200 s, one every 120 s.
    expect(
      estimateWaitSeconds({ position: 3, recentAdmissions: 0, capacity: 10, accessSeconds: 1200 }),
    ).toBe(360);
  });

  it('shows minutes only from a minute of waiting up', () => {
    expect(waitMinutes(null)).toBeNull();
    expect(waitMinutes(59)).toBeNull();
    expect(waitMinutes(60)).toBe(1);
    expect(waitMinutes(200)).toBe(3);
  });
});
