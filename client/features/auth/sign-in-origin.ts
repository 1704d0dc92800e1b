/**
 * Where sign-in started, so a new member goes back there after sign-up. The page itself is known when
 * the account gate catches the member on it; an OAuth sign-in leaves for the provider and lands on
 * `/?signin=oauth`, so the page is kept in this tab's sessionStorage when the Sign In modal opens.
 */
import { returnPath } from '../../lib/paths';

const storageKey = 'charchat.signInFrom';

/** Remembers the current page as where sign-in started (nothing for home). */
export function rememberSignInOrigin(): void {
  try {
    const here = returnPath(`${window.location.pathname}${window.location.search}`);
    if (here === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, here);
  } catch {
    // Storage may be blocked; the new member then lands on home.
  }
}

/** The remembered page, forgotten once read; null when there is none. */
export function takeSignInOrigin(): string | null {
  try {
    const stored = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    return returnPath(stored);
  } catch {
    return null;
  }
}
