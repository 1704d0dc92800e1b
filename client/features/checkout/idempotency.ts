/**
 * The idempotency key of a checkout attempt (shared/api/billing.ts): one key per plan and payment
 * method, kept in this tab's sessionStorage so a double click, a reload or a retry after an error reach
 * the same order. Forgotten once the purchase went through. This module alone reads and writes it.
 */
const storageKey = 'charchat.checkoutAttempt';

interface Attempt {
  scope: string;
  key: string;
}

/** The same attempt for this page, should storage be blocked. */
let inMemory: Attempt | null = null;

function read(): Attempt | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (raw === null) return inMemory;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'scope' in parsed &&
      'key' in parsed &&
      typeof parsed.scope === 'string' &&
      typeof parsed.key === 'string'
    ) {
      return { scope: parsed.scope, key: parsed.key };
    }
    return null;
  } catch {
    return inMemory;
  }
}

/** The key of the attempt to buy `planId` with `method`: the kept one, or a new one kept from now. */
export function attemptKey(planId: string, method: string): string {
  const scope = `${planId}:${method}`;
  const kept = read();
  if (kept !== null && kept.scope === scope) return kept.key;
  const key = crypto.randomUUID();
  inMemory = { scope, key };
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ scope, key }));
  } catch {
    // Storage may be blocked: the key still covers this page's double clicks and retries.
  }
  return key;
}

/** Forgets the attempt once it has bought the plan, so the next purchase is a new order. */
export function forgetAttempt(): void {
  inMemory = null;
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing kept.
  }
}
