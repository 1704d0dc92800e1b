/** The admin's banner calls (issue 25 item 2), built on the shared contracts. */
import {
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  updateBanner,
} from '#shared/api/banners';
import type { Banner, BannerInput } from '#shared/schemas/banner';
import type { ApiClient } from '../../lib/api-client';

export async function loadBanners(api: ApiClient, signal?: AbortSignal): Promise<Banner[]> {
  const { items } = await api.request(listBanners, { signal });
  return items;
}

export function loadBanner(api: ApiClient, id: string, signal?: AbortSignal): Promise<Banner> {
  return api.request(getBanner, { params: { id }, signal });
}

/** Creates the banner, or replaces every field of banner `id`. */
export function saveBanner(api: ApiClient, id: string | null, input: BannerInput): Promise<Banner> {
  return id === null
    ? api.request(createBanner, { body: input })
    : api.request(updateBanner, { params: { id }, body: input });
}

export async function removeBanner(api: ApiClient, id: string): Promise<void> {
  await api.request(deleteBanner, { params: { id } });
}
