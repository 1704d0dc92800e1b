/**
 * The order's totals, only ever from POST /api/checkout/calculate: re-run 600 ms after the plan, the
 * address or the coupon last changed. The last answer stays shown while the next one loads.
 */
import { useState } from 'react';
import { CalculateCheckoutInputSchema } from '#shared/api/billing';
import { checkoutDebounceMs } from '#shared/rules/checkout';
import type { CheckoutCalculation } from '#shared/schemas/billing';
import type { ApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { calculate, type CalculateInput } from '../api';
import { useDebouncedValue } from './use-debounced-value';

export interface CalculationState {
  /** The latest answer, kept while a newer one loads; null before the first. */
  calculation: CheckoutCalculation | null;
  isLoading: boolean;
  error: ApiError | null;
  retry: () => void;
}

export function useCalculation(input: CalculateInput): CalculationState {
  const { api } = useServices();
  const key = JSON.stringify(input);
  const [settledKey] = useDebouncedValue(key, checkoutDebounceMs);
  const query = useQuery(`checkout-calculate:${settledKey}`, (signal) =>
    calculate(api, CalculateCheckoutInputSchema.parse(JSON.parse(settledKey)), signal),
  );
  const answer = query.status === 'success' ? query.data : null;
  const [last, setLast] = useState<CheckoutCalculation | null>(null);
  if (answer !== null && answer !== last) setLast(answer);
  return {
    calculation: answer ?? last,
    isLoading: query.status === 'loading' || settledKey !== key,
    error: query.status === 'error' ? query.error : null,
    retry: query.retry,
  };
}
