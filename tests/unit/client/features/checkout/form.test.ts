import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  emptyPersonal,
  formatCardNumber,
  isCardComplete,
  passesLuhn,
  personalErrors,
} from '../../../../../client/features/checkout/form';

const now = new Date('2026-11-28T12:00:00Z');
const filled = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'US',
  state: 'CA',
  postalCode: '94103',
};
const none = {
  firstName: null,
  lastName: null,
  email: null,
  country: null,
  state: null,
  postalCode: null,
};

describe('personalErrors', () => {
  it('finds nothing wrong with a complete address', () => {
    expect(personalErrors(filled, true)).toEqual(none);
  });

  it("names the country's postal label in the message: Zip for the US, Postal Code elsewhere", () => {
    expect(personalErrors({ ...filled, postalCode: '9410' }, true).postalCode).toBe('Invalid Zip');
    expect(
      personalErrors({ ...filled, country: 'CA', postalCode: '12345' }, false).postalCode,
    ).toBe('Invalid Postal Code');
    expect(
      personalErrors({ ...filled, country: 'CA', postalCode: 'k1a 0b1' }, false).postalCode,
    ).toBeNull();
  });

  it('asks for a state only where the country has states', () => {
    expect(personalErrors({ ...filled, state: '' }, true).state).toBe('This field is required');
    expect(
      personalErrors({ ...filled, country: 'FR', state: '', postalCode: '75001' }, false),
    ).toEqual(none);
  });

  it('wants both names, at most 30 characters, and a valid email', () => {
    const errors = personalErrors(
      { ...filled, firstName: ' ', lastName: 'x'.repeat(31), email: 'ada@' },
      true,
    );
    expect(errors.firstName).toBe('This field is required');
    expect(errors.lastName).toBe('At most 30 characters');
    expect(errors.email).toBe('Invalid email address');
  });

  it('wants a country before it judges the postal code', () => {
    const errors = personalErrors(emptyPersonal, false);
    expect(errors.country).toBe('This field is required');
    expect(errors.postalCode).toBeNull();
  });
});

describe('the card check', () => {
  it('takes the sandbox test cards with a future expiry and a CVC', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(isCardComplete({ number: '4000 0000 0000 3220', exp: '12/34', cvc: '123' }, now)).toBe(
      true,
    );
  });

  it('refuses a past expiry, a short CVC or a bad number', () => {
    expect(isCardComplete({ number: '4242424242424242', exp: '10/26', cvc: '123' }, now)).toBe(
      false,
    );
    expect(isCardComplete({ number: '4242424242424242', exp: '12/34', cvc: '12' }, now)).toBe(
      false,
    );
    expect(isCardComplete({ number: '4242', exp: '12/34', cvc: '123' }, now)).toBe(false);
  });

  it('groups the number in fours as it is typed', () => {
    expect(formatCardNumber('42424242x4242-4242')).toBe('4242 4242 4242 4242');
  });
});

describe('canSubmit', () => {
  const ready = {
    errors: none,
    hasPayment: true,
    submitError: null,
    hasAgreed: true,
    isProcessing: false,
  };

  it('is enabled only when every rule holds', () => {
    expect(canSubmit(ready)).toBe(true);
    expect(canSubmit({ ...ready, hasAgreed: false })).toBe(false);
    expect(canSubmit({ ...ready, hasPayment: false })).toBe(false);
    expect(canSubmit({ ...ready, isProcessing: true })).toBe(false);
    expect(canSubmit({ ...ready, submitError: 'Your card was declined.' })).toBe(false);
    expect(canSubmit({ ...ready, errors: { ...none, postalCode: 'Invalid Zip' } })).toBe(false);
  });
});
