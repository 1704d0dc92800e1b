/** The plans calls, built on the shared billing contracts. */
import { getPurchaseOptions, listPlans } from '#shared/api/billing';
import type { BillingPeriod, Plan, PurchaseOptions } from '#shared/schemas/billing';
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

export async function loadPlans(
  api: ApiClient,
  frequency: BillingPeriod,
  signal?: AbortSignal,
): Promise<Plan[]> {
  return (await api.request(listPlans, { query: { frequency }, signal })).plans;
}
