/** The sign-in calls, built on the shared auth contracts. */
import {
  listSignInProviders,
  signOut,
  startEmailSignIn,
  verifyEmailCode,
  type OAuthProviderName,
  type Session,
} from '#shared/api/auth';
import { getProfile } from '#shared/api/profile';
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

/** The member's avatar picture for the header (GET /api/me does not carry it). */
export async function loadAvatarUrl(api: ApiClient, signal?: AbortSignal): Promise<string | null> {
  const { avatarUrl } = await api.request(getProfile, { signal });
  return avatarUrl;
}
