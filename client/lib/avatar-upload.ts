/**
 * Sends an avatar image to one of the upload endpoints (chatbot and group, persona, lorebook, the
 * profile): each takes the multipart field `avatar` and answers the stored picture's URL.
 */
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint';
import type { ApiClient, UploadInput } from './api-client';

/** An endpoint that stores an avatar image. */
type AvatarEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType<{ avatarUrl: string }>>;

/** Upload progress and cancellation, as the avatar picker passes them. */
export type AvatarUploadOptions = Omit<UploadInput, 'form'>;

export async function uploadAvatarTo(
  api: ApiClient,
  endpoint: AvatarEndpoint,
  file: File,
  options: AvatarUploadOptions = {},
): Promise<string> {
  const form = new FormData();
  form.append('avatar', file);
  const { avatarUrl } = await api.upload(endpoint, { form, ...options });
  return avatarUrl;
}
