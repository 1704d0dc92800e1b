/**
 * The one owner of which banners were closed (product-core.md §4: "closed state remembered per session
 * per screen and placement"): kept in sessionStorage through lib/browser-storage.ts, keyed by the
 * shared closedStateKey, so it lasts across navigation and reloads of the tab and ends with it.
 */
import { z } from 'zod';
import { closedStateKey } from '#shared/rules/banners';
import type { BannerPlacement, BannerScreen } from '#shared/schemas/banner';
import { readStored, writeStored } from '../../lib/browser-storage';

export function isBannerClosed(screen: BannerScreen, placement: BannerPlacement): boolean {
  return readStored('bannerClosed', z.literal(true), closedStateKey(screen, placement)) === true;
}

/** Remembers the close for the session; a refused write only means it lasts for this page load. */
export function rememberBannerClosed(screen: BannerScreen, placement: BannerPlacement): void {
  writeStored('bannerClosed', true, closedStateKey(screen, placement));
}
