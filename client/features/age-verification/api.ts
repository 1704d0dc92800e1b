/** The age verification calls, built on the shared contracts. */
import type { z } from 'zod';
import {
  finalizeAgeVerification,
  getAgeVerification,
  startAgeVerification,
} from '#shared/api/age-verification';
import type { ApiClient } from '../../lib/api-client';

export type AgeVerificationInfo = z.infer<(typeof getAgeVerification)['response']>;
export type FinalizeResult = z.infer<(typeof finalizeAgeVerification)['response']>;

/** The caller's status, the deadline and the methods they may choose. */
export function loadAgeVerification(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<AgeVerificationInfo> {
  return api.request(getAgeVerification, { signal });
}

/** Starts a verification with a method; answers the provider URL the browser must open. */
export async function startVerification(api: ApiClient, method: string): Promise<string> {
  const { url } = await api.request(startAgeVerification, { body: { method } });
  return url;
}

/** Finishes the session the provider returned with. */
export function finalizeVerification(
  api: ApiClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<FinalizeResult> {
  return api.request(finalizeAgeVerification, { params: { id: sessionId }, signal });
}
