/**
 * The banners the shell places around the page on show: `top` above it, `bottom` below it, `popup`
 * over it. The screen comes from the path; the page places its own inline banner (InlineBanner).
 */
import { useLocation } from 'wouter';
import type { BannerPlacement, BannerScreen, ShownBanner } from '#shared/schemas/banner';
import { useShownBanners } from '../hooks/use-shown-banners';
import { screenOfPath } from '../screens';
import { BannerPopup } from './banner-popup';
import { BannerSlot } from './banner-slot';

/** The screen on show and its banners, loaded once for the shell's placements. */
export interface ScreenBanners {
  screen: BannerScreen | null;
  banners: readonly ShownBanner[];
}

export function useScreenBanners(): ScreenBanners {
  const [location] = useLocation();
  const screen = screenOfPath(location);
  return { screen, banners: useShownBanners(screen) };
}

export function BannerHost({
  placement,
  shown: { screen, banners },
}: {
  placement: Exclude<BannerPlacement, 'inline'>;
  shown: ScreenBanners;
}) {
  const banner = banners.find((b) => b.placement === placement);
  if (screen === null || banner === undefined) return null;
  // Keyed by screen: a banner closed on one screen does not carry its state to the next.
  return placement === 'popup' ? (
    <BannerPopup key={`${screen}:${banner.id}`} screen={screen} banner={banner} />
  ) : (
    <BannerSlot key={`${screen}:${banner.id}`} screen={screen} banner={banner} />
  );
}

/** The inline banner of `screen`, placed by its page inside its content. */
export function InlineBanner({ screen }: { screen: BannerScreen }) {
  const banner = useShownBanners(screen).find((b) => b.placement === 'inline');
  return banner === undefined ? null : (
    <BannerSlot key={`${screen}:${banner.id}`} screen={screen} banner={banner} />
  );
}
