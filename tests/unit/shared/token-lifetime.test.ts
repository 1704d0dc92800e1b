import { describe, expect, it } from 'vitest';
import { isRefreshDue, partnerRefreshFraction, refreshDueAt } from '#shared/rules/token-lifetime';

const iat = 1_700_000_000;
const hour = 3600;

describe('refreshDueAt', () => {
  it('is 90 percent of the way from iat to exp', () => {
    expect(partnerRefreshFraction).toBe(0.9);
    expect(refreshDueAt({ iat, exp: iat + hour })).toBe((iat + 3240) * 1000);
    expect(refreshDueAt({ iat, exp: iat + 600 })).toBe((iat + 540) * 1000);
  });

  it('measures from the time received when iat is missing', () => {
    const receivedAtMs = iat * 1000;
    expect(refreshDueAt({ exp: iat + 100 }, { receivedAtMs })).toBe((iat + 90) * 1000);
    expect(refreshDueAt({ exp: iat + 100 })).toBeNull();
  });

  it('cannot tell without exp or with a lifetime that is not positive', () => {
    expect(refreshDueAt({ iat })).toBeNull();
    expect(refreshDueAt({ iat, exp: iat })).toBeNull();
    expect(refreshDueAt({ iat, exp: iat - 10 })).toBeNull();
  });
});

describe('isRefreshDue', () => {
  const claims = { iat, exp: iat + 1000 };

  it('is not due before 90 percent of the lifetime', () => {
    expect(isRefreshDue(claims, iat * 1000)).toBe(false);
    expect(isRefreshDue(claims, (iat + 899) * 1000)).toBe(false);
    expect(isRefreshDue(claims, (iat + 900) * 1000 - 1)).toBe(false);
  });

  it('is due from 90 percent of the lifetime and after expiry', () => {
    expect(isRefreshDue(claims, (iat + 900) * 1000)).toBe(true);
    expect(isRefreshDue(claims, (iat + 999) * 1000)).toBe(true);
    expect(isRefreshDue(claims, (iat + 5000) * 1000)).toBe(true);
  });

  it('is due once expired even when the lifetime cannot be told', () => {
    expect(isRefreshDue({ exp: iat }, (iat + 1) * 1000)).toBe(true);
    expect(isRefreshDue({ exp: iat + 10 }, iat * 1000)).toBe(false);
    expect(isRefreshDue({}, iat * 1000)).toBe(false);
  });
});
