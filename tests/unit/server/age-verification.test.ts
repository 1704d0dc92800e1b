import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import {
  assertMayViewNsfw,
  statusOf,
} from '#server/services/age-verification/age-verification.service';

const config = loadConfig({ AGE_VERIFICATION_COUNTRIES: 'GB', AGE_VERIFICATION_VALID_DAYS: '30' });
const daysAgo = (n: number) => ({ ageVerifiedAt: new Date(Date.now() - n * 86_400_000) });

describe('statusOf', () => {
  it('asks to verify only in listed countries', () => {
    expect(statusOf(config, undefined, 'GB')).toBe('verify');
    expect(statusOf(config, { ageVerifiedAt: null }, 'DE')).toBe('inform');
    expect(statusOf(config, undefined, undefined)).toBe('inform');
    expect(statusOf(loadConfig({}), undefined, undefined)).toBe('inform');
    expect(statusOf(loadConfig({}), undefined, 'GB')).toBe('inform');
  });

  it('keeps a verification for its valid days, then asks again', () => {
    expect(statusOf(config, daysAgo(10), 'GB')).toBe('verified');
    expect(statusOf(config, daysAgo(40), 'GB')).toBe('reverify');
  });

  it('is disabled when the product does not verify ages', () => {
    expect(statusOf(loadConfig({ AGE_VERIFICATION_PROVIDER: 'disabled' }), undefined, 'GB')).toBe(
      'disabled',
    );
  });
});

describe('assertMayViewNsfw', () => {
  it.each(['verify', 'reverify'] as const)('refuses %s', (status) => {
    expect(() => assertMayViewNsfw(status)).toThrow('Verify your age');
  });

  it.each(['inform', 'verified', 'disabled'] as const)('allows %s', (status) => {
    expect(() => assertMayViewNsfw(status)).not.toThrow();
  });
});
