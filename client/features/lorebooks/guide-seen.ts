/**
 * The one owner of the "lorebook guide seen" flag (product-rules.md, "Lorebook list import": the guide
 * dialog shows once, a local flag). It lives in this browser's localStorage; nothing else reads it.
 */

const storageKey = 'lorebook-guide-seen';

/** Whether this browser has already been shown (and closed) the lorebook guide. */
export function hasSeenLorebookGuide(): boolean {
  try {
    return localStorage.getItem(storageKey) === '1';
  } catch {
    // Storage can be unavailable (private mode): then the guide counts as seen rather than nagging.
    return true;
  }
}

export function markLorebookGuideSeen(): void {
  try {
    localStorage.setItem(storageKey, '1');
  } catch {
    // As above: nothing to keep.
  }
}
