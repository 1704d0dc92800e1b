/** The ad calls, built on the shared contracts. */
import { getAdSettings, type AdSettings } from '#shared/api/ads';
import type { ApiClient } from '../../lib/api-client';

/** The caller's ad settings: whether they see ads, the threshold and the provider snippet. */
export function loadAdSettings(api: ApiClient, signal?: AbortSignal): Promise<AdSettings> {
  return api.request(getAdSettings, { signal });
}
