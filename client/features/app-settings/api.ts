/** The app-settings call, built on the shared contract. */
import { getAppSettings } from '#shared/api/applications';
import type { ApplicationSettings } from '#shared/schemas/application';
import type { ApiClient } from '../../lib/api-client';

/** Brand settings and feature flags of this application (the default one without an id). */
export function loadAppSettings(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApplicationSettings> {
  return api.request(getAppSettings, { signal });
}
