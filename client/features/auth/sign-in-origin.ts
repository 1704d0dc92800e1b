/**
 * Where sign-in started, so a new member goes back there after sign-up. The page itself is known when
 * the account gate catches the member on it; an OAuth sign-in leaves for the provider and lands on
 * `/?signin=oauth`, so the page is kept in this tab's session storage (lib/browser-storage.ts) when the Sign In modal opens.
 */
import { z } from 'zod';
import { readStored, removeStored, writeStored } from '../../lib/browser-storage';
import { returnPath } from '../../lib/paths';

/**
 * Remembers where sign-in started (nothing for home): the current page, or the page the guest asked
 * for (a header entry's) when given.
 */
export function rememberSignInOrigin(then: string | null = null): void {
  // Storage may be blocked; the new member then lands on home.
  const here = then ?? returnPath(`${window.location.pathname}${window.location.search}`);
  if (here === null) removeStored('signInOrigin');
  else writeStored('signInOrigin', here);
}

/** The remembered page, forgotten once read; null when there is none. */
export function takeSignInOrigin(): string | null {
  const stored = readStored('signInOrigin', z.string());
  removeStored('signInOrigin');
  return returnPath(stored);
}
