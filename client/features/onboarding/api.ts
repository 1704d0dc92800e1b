/** The sign-up calls, built on the shared account contracts. */
import type { z } from 'zod';
import {
  createExternalUser,
  completeOnboarding,
  confirmEmailChange,
  requestEmailChange,
  setInterests,
  type InterestSchema,
} from '#shared/api/account';
import type { Me } from '#shared/schemas/user';
import type { ApiClient } from '../../lib/api-client';

export interface OnboardingInput {
  username: string;
  name: string;
}

/** Finishes sign-up (Welcome Aboard and Community Guidelines in one submission). */
export function submitOnboarding(api: ApiClient, input: OnboardingInput): Promise<Me> {
  return api.request(completeOnboarding, {
    body: { ...input, isAdult: true, acceptsTerms: true, acceptsGuidelines: true },
  });
}

/** Finishes a partner site member's sign-up (/external/signup). */
export async function submitPartnerSignup(api: ApiClient, input: OnboardingInput): Promise<Me> {
  return (await api.request(createExternalUser, { body: input })).user;
}

export type Interest = z.infer<typeof InterestSchema>;

/** Saves the "I'm interested in..." choice. */
export async function saveInterests(api: ApiClient, interests: Interest[]): Promise<void> {
  await api.request(setInterests, { body: { interests } });
}

/** Mails a code to the email typed on Welcome Aboard; nothing is stored until it is confirmed. */
export async function sendEmailCode(api: ApiClient, email: string): Promise<void> {
  await api.request(requestEmailChange, { body: { email } });
}

/** Adds the email once its code is confirmed; answers the saved address. */
export async function confirmEmail(api: ApiClient, email: string, code: string): Promise<string> {
  return (await api.request(confirmEmailChange, { body: { email, code } })).email;
}
