import type { BannerScreen, ShownBanner } from '#shared/schemas/banner';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadShownBanners } from '../api';

/** The banners of `screen` (none while loading, on a failure or off the banner screens). */
export function useShownBanners(screen: BannerScreen | null): readonly ShownBanner[] {
  const { api } = useServices();
  const state = useQuery(`banners:${screen ?? 'none'}`, (signal) =>
    screen === null ? Promise.resolve([]) : loadShownBanners(api, screen, signal),
  );
  // A banner is never worth an error on the page: a failed load shows none.
  return state.status === 'success' ? state.data : [];
}
