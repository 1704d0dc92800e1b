/** The checkout calls, built on the shared billing contracts (product-rules.md §7 "Checkout"). */
import type { z } from 'zod';
import {
  calculateCheckout,
  getCryptoLink,
  getOrder,
  getPurchaseOptions,
  listCountries,
  listStates,
  logCheckoutAbandon,
  payAlternative,
  subscribeByCard,
  tokeniseSandboxCard,
  type CalculateCheckoutInputSchema,
} from '#shared/api/billing';
import type { BillingDetails } from '#shared/rules/checkout';
import type {
  CheckoutCalculation,
  Order,
  PaymentSubmitResponse,
  PurchaseOptions,
} from '#shared/schemas/billing';
import type { ApiClient } from '../../lib/api-client';

export type CalculateInput = z.input<typeof CalculateCheckoutInputSchema>;

export interface Country {
  iso2: string;
  name: string;
  hasStates: boolean;
}

/** The offer's plans, payment methods and card form (the standard offer without an id). */
export function loadCheckoutOptions(
  api: ApiClient,
  offerId: string | null,
  signal?: AbortSignal,
): Promise<PurchaseOptions> {
  return api.request(getPurchaseOptions, {
    query: offerId === null ? {} : { offerId },
    signal,
  });
}

export async function loadCountries(api: ApiClient, signal?: AbortSignal): Promise<Country[]> {
  return (await api.request(listCountries, { signal })).countries;
}

export async function loadStates(
  api: ApiClient,
  country: string,
  signal?: AbortSignal,
): Promise<{ stateCode: string; name: string }[]> {
  return (await api.request(listStates, { params: { country }, signal })).states;
}

export function calculate(
  api: ApiClient,
  body: CalculateInput,
  signal?: AbortSignal,
): Promise<CheckoutCalculation> {
  return api.request(calculateCheckout, { body, signal });
}

/** The sandbox card form's token: the card's digits go to the gateway's tokeniser only. */
export async function tokeniseCard(
  api: ApiClient,
  card: { number: string; exp: string; cvc: string },
): Promise<string> {
  return (await api.request(tokeniseSandboxCard, { body: card })).token;
}

export interface Purchase {
  details: BillingDetails;
  planId: string;
  offerId: string;
  promoCode: string;
  idempotencyKey: string;
}

export function payByCard(
  api: ApiClient,
  purchase: Purchase,
  paymentToken: string | null,
): Promise<PaymentSubmitResponse> {
  const { details, ...rest } = purchase;
  return api.request(subscribeByCard, {
    body: { ...details, ...rest, platform: 'web', paymentToken, sessionId: '' },
  });
}

export function payWithProvider(
  api: ApiClient,
  provider: string,
  purchase: Purchase,
): Promise<{ url: string | null; errorMessage: string | null }> {
  const { details, ...rest } = purchase;
  return api.request(payAlternative, {
    params: { provider },
    body: { ...details, ...rest, platform: 'web', paymentOption: provider },
  });
}

export function loadOrder(api: ApiClient, orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.request(getOrder, { params: { id: orderId }, signal });
}

export async function logAbandon(api: ApiClient, planId: string): Promise<void> {
  await api.request(logCheckoutAbandon, { body: { planId } });
}

export async function loadCryptoLink(
  api: ApiClient,
  planId: string,
  signal?: AbortSignal,
): Promise<string> {
  return (await api.request(getCryptoLink, { query: { planId }, signal })).url;
}
