/** The sign-in calls of the account feature, built on the shared auth contracts. */
import type { z } from 'zod';
import {
  checkUsername,
  completeOnboarding,
  confirmEmailChange,
  requestEmailChange,
  setInterests,
  type InterestSchema,
} from '#shared/api/account';
import {
  getMe,
  listSignInProviders,
  signOut,
  startEmailSignIn,
  verifyEmailCode,
  type OAuthProviderName,
  type Session,
} from '#shared/api/auth';
import {
  deleteAccount,
  getProfile,
  updateProfile,
  uploadAvatar as uploadAvatarEndpoint,
  type Profile,
} from '#shared/api/profile';
import type { Me } from '#shared/schemas/user';
import type { ApiClient } from '../../lib/api-client';

/** Mails a 6-digit code and a magic link to the address. */
export async function sendSignInCode(api: ApiClient, email: string): Promise<void> {
  await api.request(startEmailSignIn, { body: { email } });
}

/** Exchanges the code for a session; the server moves the guest's chats to the member. */
export function verifySignInCode(api: ApiClient, email: string, code: string): Promise<Session> {
  return api.request(verifyEmailCode, { body: { email, code } });
}

/** Ends the session on the server (revokes it and clears the refresh cookie). */
export async function endSession(api: ApiClient): Promise<void> {
  await api.request(signOut);
}

/** The OAuth providers this server offers; a sign-in button shows only for these. */
export async function loadSignInProviders(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<OAuthProviderName[]> {
  const { providers } = await api.request(listSignInProviders, { signal });
  return providers;
}

/** Who the member is, with permissions, feature flags and any restriction. */
export function loadMe(api: ApiClient, signal?: AbortSignal): Promise<Me> {
  return api.request(getMe, { signal });
}

/** Whether a username is free; the query is parsed with the shared username rules first. */
export async function isUsernameAvailable(
  api: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const { isAvailable } = await api.request(checkUsername, { query: { username }, signal });
  return isAvailable;
}

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

export type Interest = z.infer<typeof InterestSchema>;

/** Saves the "I'm interested in..." choice. */
export async function saveInterests(api: ApiClient, interests: Interest[]): Promise<void> {
  await api.request(setInterests, { body: { interests } });
}

export function loadProfile(api: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return api.request(getProfile, { signal });
}

export type ProfileChanges = z.input<NonNullable<(typeof updateProfile)['body']>>;

export function saveProfile(api: ApiClient, changes: ProfileChanges): Promise<Profile> {
  return api.request(updateProfile, { body: changes });
}

/** Uploads a new avatar image (multipart field `avatar`); answers the stored picture's URL. */
export async function uploadAvatar(
  api: ApiClient,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const { avatarUrl } = await api.upload(uploadAvatarEndpoint, { form, ...options });
  return avatarUrl;
}

/** Removes the account on the server; the caller then forgets the session. */
export async function removeAccount(api: ApiClient): Promise<void> {
  await api.request(deleteAccount);
}

/** Mails a code to confirm a new email. */
export async function sendEmailChangeCode(api: ApiClient, email: string): Promise<void> {
  await api.request(requestEmailChange, { body: { email } });
}

/** Confirms the new email with its code; answers the saved address. */
export async function confirmNewEmail(
  api: ApiClient,
  email: string,
  code: string,
): Promise<string> {
  const result = await api.request(confirmEmailChange, { body: { email, code } });
  return result.email;
}
