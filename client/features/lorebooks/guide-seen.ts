/**
 * The one owner of the "lorebook guide seen" flag (product-rules.md, "Lorebook list import": the guide
 * dialog shows once, a local flag). It lives in this browser (lib/browser-storage.ts); nothing else reads it.
 */
import { z } from 'zod';
import { readStored, storageAvailable, writeStored } from '../../lib/browser-storage';

/** Whether this browser has already been shown (and closed) the lorebook guide. */
export function hasSeenLorebookGuide(): boolean {
  // Storage can be unavailable (private mode): then the guide counts as seen rather than nagging.
  if (!storageAvailable('lorebookGuideSeen')) return true;
  return readStored('lorebookGuideSeen', z.boolean()) === true;
}

export function markLorebookGuideSeen(): void {
  // As above: nothing to keep.
  writeStored('lorebookGuideSeen', true);
}
