/**
 * The idempotency key of a checkout attempt (shared/api/billing.ts): one key per plan and payment
 * method, kept in this tab's session storage so a double click, a reload or a retry after an error reach
 * the same order. Forgotten once the purchase went through. This module alone reads and writes it.
 */
import { z } from 'zod';
import { readStored, removeStored, writeStored } from '../../lib/browser-storage';

const AttemptSchema = z.object({ scope: z.string(), key: z.string() });
type Attempt = z.infer<typeof AttemptSchema>;

/** The same attempt for this page, should storage be blocked. */
let inMemory: Attempt | null = null;

/** The key of the attempt to buy `planId` with `method`: the kept one, or a new one kept from now. */
export function attemptKey(planId: string, method: string): string {
  const scope = `${planId}:${method}`;
  const kept = readStored('checkoutAttempt', AttemptSchema) ?? inMemory;
  if (kept !== null && kept.scope === scope) return kept.key;
  const key = crypto.randomUUID();
  inMemory = { scope, key };
  // Storage may be blocked: the key in memory still covers this page's double clicks and retries.
  writeStored('checkoutAttempt', inMemory);
  return key;
}

/** Forgets the attempt once it has bought the plan, so the next purchase is a new order. */
export function forgetAttempt(): void {
  inMemory = null;
  removeStored('checkoutAttempt');
}
