/** The plans calls, built on the shared billing contracts. */
import { getPurchaseOptions } from '#shared/api/billing';
import type { PurchaseOptions } from '#shared/schemas/billing';
import type { ApiClient } from '../../lib/api-client';

export function loadPurchaseOptions(
  api: ApiClient,
  offerId: string | undefined,
  signal?: AbortSignal,
): Promise<PurchaseOptions> {
  return api.request(getPurchaseOptions, {
    query: offerId === undefined ? {} : { offerId },
    signal,
  });
}
