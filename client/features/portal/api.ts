/** The portal's calls, built on the shared billing contracts (shared/api/billing.ts). */
import {
  actOnSubscription,
  finishPledgeLink,
  linkPledgeTransient,
  listSubscriptions,
  getPurchaseOptions,
  startPledgeLink,
  tokeniseSandboxCard,
  type LinkStatus,
  type SubscriptionAction,
} from '#shared/api/billing';
import type {
  CardForm,
  CardSummary,
  Subscription,
  SubscriptionStatus,
} from '#shared/schemas/billing';
import type { ApiClient } from '../../lib/api-client';

/** The member's card subscription the portal shows: the newest (product-rules.md §7), or null. */
export async function loadSubscription(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Subscription | null> {
  const { items } = await api.request(listSubscriptions, { signal });
  return items[0] ?? null;
}

export interface ActionOutcome {
  subscriptionStatus: SubscriptionStatus;
  message: string;
  iframe3dsUrl: string | null;
}

export function act(api: ApiClient, action: SubscriptionAction): Promise<ActionOutcome> {
  return api.request(actOnSubscription, { body: action });
}

/** How this install takes a card in the browser (the sandbox's fields, or Stripe.js). */
export async function loadCardForm(api: ApiClient, signal?: AbortSignal): Promise<CardForm> {
  return (await api.request(getPurchaseOptions, { query: {}, signal })).cardForm;
}

/** Test card details turned into a card token by the SANDBOX gateway. */
export function tokeniseCard(
  api: ApiClient,
  card: { number: string; exp: string; cvc: string },
): Promise<{ token: string; card: CardSummary }> {
  return api.request(tokeniseSandboxCard, { body: card });
}

export type PledgeService = 'subscribestar';

export async function pledgeAuthorizeUrl(
  api: ApiClient,
  service: PledgeService,
  redirectUrl: string,
): Promise<string> {
  const { url } = await api.request(startPledgeLink, {
    params: { service },
    query: { redirectUrl },
  });
  return url;
}

export interface LinkResult {
  status: LinkStatus;
  message: string;
}

export function finishLink(
  api: ApiClient,
  service: PledgeService,
  input: { code: string; state: string; redirectUrl: string },
  signal?: AbortSignal,
): Promise<LinkResult> {
  return api.request(finishPledgeLink, { params: { service }, query: input, signal });
}

export function linkTransient(
  api: ApiClient,
  service: PledgeService,
  transientId: string,
  signal?: AbortSignal,
): Promise<LinkResult> {
  return api.request(linkPledgeTransient, { params: { service, transientId }, signal });
}

/** A new idempotency key per attempt of a charge (a plan change, paying the amount due). */
export function attemptKey(): string {
  return crypto.randomUUID();
}
