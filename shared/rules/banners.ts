/**
 * Which banners a screen shows (issue 25 item 2; product-core.md §4 "Banners"): a banner inside its
 * schedule window, meant for the screen and the platform, at most one per placement (the one changed
 * last). The server decides with the clock it is given; the client only remembers, per session, the
 * screens and placements whose banner was closed (closedStateKey).
 */
import {
  bannerPlacements,
  type BannerPlacement,
  type BannerPlatform,
  type BannerScreen,
} from '../schemas/banner';

/** What the window check reads. */
export interface BannerWindow {
  startsAt: string | null;
  endsAt: string | null;
}

/** Whether `now` falls inside the window: from startsAt (inclusive) to endsAt (exclusive). */
export function isInWindow(window: BannerWindow, now: Date): boolean {
  const t = now.getTime();
  if (window.startsAt !== null && t < Date.parse(window.startsAt)) return false;
  if (window.endsAt !== null && t >= Date.parse(window.endsAt)) return false;
  return true;
}

/** What the choice of banners reads. */
export interface BannerTarget extends BannerWindow {
  placement: BannerPlacement;
  screens: readonly BannerScreen[];
  platforms: readonly BannerPlatform[];
  updatedAt: string;
}

/**
 * The banners a screen shows on a platform at `now`: inside their window, meant for both, and at most
 * one per placement (the most recently changed), in placement order (top, bottom, inline, popup).
 */
export function bannersShown<B extends BannerTarget>(
  banners: readonly B[],
  where: { screen: BannerScreen; platform: BannerPlatform },
  now: Date,
): B[] {
  const eligible = banners.filter(
    (b) =>
      isInWindow(b, now) &&
      b.screens.includes(where.screen) &&
      b.platforms.includes(where.platform),
  );
  const shown: B[] = [];
  for (const placement of bannerPlacements) {
    const newest = eligible
      .filter((b) => b.placement === placement)
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0];
    if (newest !== undefined) shown.push(newest);
  }
  return shown;
}

/**
 * The key a closed banner is remembered under for the session: its screen and placement (the spec's
 * "per session per screen and placement"), so closing the top banner of home leaves chat's alone.
 */
export function closedStateKey(screen: BannerScreen, placement: BannerPlacement): string {
  return `${screen}.${placement}`;
}
