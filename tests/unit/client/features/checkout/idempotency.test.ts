import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptKey, forgetAttempt } from '../../../../../client/features/checkout/idempotency';
import { storageKey } from '../../../../../client/lib/browser-storage';

/** This tab's sessionStorage, as the browser keeps it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe('the checkout attempt key', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    forgetAttempt();
    vi.unstubAllGlobals();
  });

  it('is the same for a retry of one plan and method, fit for the server', () => {
    const key = attemptKey('premium-1m', 'card');
    expect(key).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(attemptKey('premium-1m', 'card')).toBe(key);
  });

  it('survives a reload of the page (kept in sessionStorage)', () => {
    const key = attemptKey('premium-1m', 'card');
    const kept = sessionStorage.getItem(storageKey('checkoutAttempt'));
    expect(kept).not.toBeNull();
    expect(kept).toContain(key);
  });

  it('is new for another plan or method, and after the purchase went through', () => {
    const key = attemptKey('premium-1m', 'card');
    expect(attemptKey('basic-1m', 'card')).not.toBe(key);
    const paypal = attemptKey('basic-1m', 'paypal');
    forgetAttempt();
    expect(attemptKey('basic-1m', 'paypal')).not.toBe(paypal);
  });
});
