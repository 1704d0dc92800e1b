import { describe, expect, it } from 'vitest';
import {
  BillingDetailsSchema,
  isValidEmail,
  isValidPostalCode,
  normalisePostalCode,
  parseExpiry,
  postalCodeLabel,
  postalCodeMessage,
  stateLabel,
} from '#shared/rules/checkout';

describe('postal code labels and formats', () => {
  it('says Zip for the United States, the Philippines and Iran, Postal Code elsewhere', () => {
    expect(postalCodeLabel('US')).toBe('Zip');
    expect(postalCodeLabel('PH')).toBe('Zip');
    expect(postalCodeLabel('IR')).toBe('Zip');
    expect(postalCodeLabel('CA')).toBe('Postal Code');
    expect(postalCodeMessage('US')).toBe('Invalid Zip');
    expect(postalCodeMessage('GB')).toBe('Invalid Postal Code');
  });

  it('says State where the spec says so, Province elsewhere', () => {
    for (const c of ['US', 'AU', 'BR', 'IN', 'MX', 'NG', 'DE']) expect(stateLabel(c)).toBe('State');
    expect(stateLabel('CA')).toBe('Province');
    expect(stateLabel('FR')).toBe('Province');
  });

  it('takes US codes of five digits with an optional four', () => {
    expect(isValidPostalCode('US', '94103')).toBe(true);
    expect(isValidPostalCode('US', '94103-1234')).toBe(true);
    expect(isValidPostalCode('US', '9410')).toBe(false);
    expect(isValidPostalCode('US', '94103-12')).toBe(false);
    expect(isValidPostalCode('US', 'ABCDE')).toBe(false);
  });

  it('takes Canadian codes letter-digit-letter digit-letter-digit', () => {
    expect(isValidPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('CA', 'K1A0B1')).toBe(true);
    expect(isValidPostalCode('CA', '11A 0B1')).toBe(false);
  });

  it('takes alphanumerics with single separators elsewhere, at most 16', () => {
    expect(isValidPostalCode('GB', 'SW1A 1AA')).toBe(true);
    expect(isValidPostalCode('DE', '10115')).toBe(true);
    expect(isValidPostalCode('NL', '1012-AB')).toBe(true);
    expect(isValidPostalCode('GB', 'SW1A  1AA')).toBe(false);
    expect(isValidPostalCode('GB', '-SW1')).toBe(false);
    expect(isValidPostalCode('GB', 'A'.repeat(17))).toBe(false);
    expect(normalisePostalCode(' sw1a 1aa ')).toBe('SW1A 1AA');
  });
});

describe('isValidEmail', () => {
  it('takes addresses and refuses the rest and anything over 320 characters', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('ada@')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(310)}@example.com`)).toBe(false);
  });
});

describe('BillingDetailsSchema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'Ada@Example.com',
    country: 'US',
    state: 'CA',
    postalCode: '94103',
  };

  it('keeps valid details, lowercasing the email and uppercasing the postal code', () => {
    const parsed = BillingDetailsSchema.parse({
      ...valid,
      country: 'GB',
      state: '',
      postalCode: 'sw1a 1aa',
    });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.postalCode).toBe('SW1A 1AA');
  });

  it('names the field and the spec message of each problem', () => {
    const result = BillingDetailsSchema.safeParse({
      ...valid,
      firstName: ' ',
      lastName: 'x'.repeat(31),
      email: 'nope',
      postalCode: '123',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues).toContainEqual(['firstName', 'This field is required']);
    expect(issues.map(([path]) => path)).toContain('lastName');
    expect(issues).toContainEqual(['email', 'Invalid email address']);
    expect(issues).toContainEqual(['postalCode', 'Invalid Zip']);
  });
});

describe('parseExpiry', () => {
  const now = new Date('2026-11-28T00:00:00Z');

  it('reads MM/YY and MM/YYYY that have not passed', () => {
    expect(parseExpiry('12/34', now)).toBe('12/34');
    expect(parseExpiry('1/2030', now)).toBe('01/30');
    expect(parseExpiry('11/26', now)).toBe('11/26');
  });

  it('refuses a passed month, a month out of range and other shapes', () => {
    expect(parseExpiry('10/26', now)).toBeNull();
    expect(parseExpiry('13/30', now)).toBeNull();
    expect(parseExpiry('1230', now)).toBeNull();
  });
});
