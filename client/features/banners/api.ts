/** The banner calls, built on the shared contracts. */
import { listShownBanners } from '#shared/api/banners';
import type { BannerScreen, ShownBanner } from '#shared/schemas/banner';
import type { ApiClient } from '../../lib/api-client';

/** The banners `screen` shows now on the web, at most one per placement. */
export async function loadShownBanners(
  api: ApiClient,
  screen: BannerScreen,
  signal?: AbortSignal,
): Promise<ShownBanner[]> {
  const { items } = await api.request(listShownBanners, {
    query: { screen, platform: 'web' },
    signal,
  });
  return items;
}
