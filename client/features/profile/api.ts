/** The profile calls, built on the shared profile and account contracts. */
import type { z } from 'zod';
import { confirmEmailChange, requestEmailChange } from '#shared/api/account';
import {
  deleteAccount,
  getProfile,
  updateProfile,
  uploadAvatar as uploadAvatarEndpoint,
  type Profile,
} from '#shared/api/profile';
import type { ApiClient } from '../../lib/api-client';
import { uploadAvatarTo, type AvatarUploadOptions } from '../../lib/avatar-upload';

export function loadProfile(api: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return api.request(getProfile, { signal });
}

export type ProfileChanges = z.input<NonNullable<(typeof updateProfile)['body']>>;

export function saveProfile(api: ApiClient, changes: ProfileChanges): Promise<Profile> {
  return api.request(updateProfile, { body: changes });
}

/** Uploads a new avatar image (multipart field `avatar`); answers the stored picture's URL. */
export function uploadAvatar(
  api: ApiClient,
  file: File,
  options?: AvatarUploadOptions,
): Promise<string> {
  return uploadAvatarTo(api, uploadAvatarEndpoint, file, options);
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
