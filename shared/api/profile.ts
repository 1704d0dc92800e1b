import { z } from 'zod';
import { UsernameSchema } from '../rules/username';
import { endpoint } from './endpoint';
import { DisplayNameSchema } from '../rules/display-name';

export const OpenAiModeSchema = z.enum(['disabled', 'enabled', 'hybrid']);

/** The profile settings page; the OpenAI key never travels back whole, only its last characters. */
export const ProfileSchema = z.object({
  /** The @username, changed here like the rest (null until sign-up is finished). */
  username: z.string().nullable(),
  /** Shown only; it changes through the code-confirmed email change (POST /api/me/email). */
  email: z.string().nullable(),
  name: z.string().nullable(),
  highlights: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  hasOpenaiApiKey: z.boolean(),
  /** The key's last four characters, for recognising it. */
  openaiApiKeyHint: z.string().nullable(),
  openaiMode: OpenAiModeSchema,
  showNsfw: z.boolean(),
  blurNsfw: z.boolean(),
  chatLanguage: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/me/profile',
  auth: 'member',
  summary: "The member's profile settings",
  response: ProfileSchema,
});

/** Partial update: only the fields sent change; `openaiApiKey: null` removes the key. */
export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/me/profile',
  auth: 'member',
  summary: "Update the member's profile settings",
  body: z
    .object({
      username: UsernameSchema,
      name: DisplayNameSchema,
      highlights: z
        .string()
        .trim()
        .min(3, 'At least 3 characters required')
        .max(1000, 'Highlights should be 1000 characters or less'),
      openaiApiKey: z
        .string()
        .trim()
        .min(1)
        .max(200, 'The key should be 200 characters or less')
        .nullable(),
      openaiMode: OpenAiModeSchema,
      showNsfw: z.boolean(),
      blurNsfw: z.boolean(),
      chatLanguage: z
        .string()
        .trim()
        .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Choose a language'),
    })
    .partial(),
  response: ProfileSchema,
});

/** Upload limits of an avatar image; the server stores it as a 256 px square WebP. */
export const avatarMaxBytes = 5 * 1024 * 1024;
export const avatarTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Uploads a new avatar as multipart form data (field `avatar`). */
export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/api/me/avatar',
  auth: 'create',
  summary: 'Upload an avatar image (multipart field avatar)',
  response: z.object({ avatarUrl: z.string() }),
});

/** Removes the account: its chats, sessions and sign-in identities go; what others see is anonymised. */
export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/me',
  auth: 'member',
  summary: "Delete the caller's account and sign out",
  response: z.object({}),
});
