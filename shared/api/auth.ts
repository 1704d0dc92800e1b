import { z } from 'zod';
import { EmailSchema, MeSchema } from '../schemas/user';
import { buildPath, endpoint } from './endpoint';

/** A one-time sign-in code: six digits. */
export const LoginCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** A signed-in session as the client holds it: a short-lived access token and who it belongs to. */
export const SessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.iso.datetime(),
  user: MeSchema,
});
export type Session = z.infer<typeof SessionSchema>;

/** Sends a one-time code and a magic link to the email. */
export const startEmailSignIn = endpoint({
  method: 'POST',
  path: '/api/auth/email',
  auth: 'none',
  summary: 'Send a sign-in code and link by email',
  body: z.object({ email: EmailSchema }),
  response: z.object({ sent: z.literal(true) }),
});

/** Exchanges the emailed code for a session; the refresh token arrives as an httpOnly cookie. */
export const verifyEmailCode = endpoint({
  method: 'POST',
  path: '/api/auth/email/verify',
  auth: 'none',
  summary: 'Sign in with the emailed code',
  body: z.object({ email: EmailSchema, code: LoginCodeSchema }),
  response: SessionSchema,
});

/** Rotates the refresh cookie and returns a new access token; 401 means sign-in is required. */
export const refreshSession = endpoint({
  method: 'POST',
  path: '/api/auth/refresh',
  auth: 'none',
  summary: 'Refresh the session (rotating refresh token cookie)',
  response: SessionSchema,
});

export const signOut = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  auth: 'none',
  summary: 'Sign out: revoke the session and clear its cookie',
  response: z.object({}),
});

export const getMe = endpoint({
  method: 'GET',
  path: '/api/me',
  auth: 'caller',
  summary: 'Who the caller is (guest or member)',
  response: MeSchema,
});

/** The path of the magic link in sign-in mail; it redirects to the app once signed in. */
export const magicLinkPath = '/api/auth/email/link';

/**
 * The localStorage key by which a browser marks that a refresh cookie may exist (the cookie itself is
 * out of the page's reach); the client restores a session at start-up only where it is set.
 */
export const sessionHintKey = 'charchat.hasSession';

/** OAuth providers a sign-in button may offer. */
export const OAuthProviderSchema = z.enum(['google', 'apple', 'x', 'discord']);
export type OAuthProviderName = z.infer<typeof OAuthProviderSchema>;

/** The providers configured on this server: a button shows only for these. */
export const listSignInProviders = endpoint({
  method: 'GET',
  path: '/api/auth/providers',
  auth: 'none',
  summary: 'OAuth providers configured for sign-in',
  response: z.object({ providers: z.array(OAuthProviderSchema) }),
});

/** The browser routes of an OAuth sign-in (redirects, not JSON contracts), as the server registers them. */
export const oauthPaths = {
  /** Where a sign-in button sends the browser; it redirects to the provider. */
  start: '/api/auth/oauth/:provider',
  /** Where the provider sends the browser back (a GET, or Apple's form POST). */
  callback: '/api/auth/oauth/:provider/callback',
} as const;

/** Where a sign-in button sends the browser; the provider then returns to the callback. */
export function oauthStartPath(provider: OAuthProviderName): string {
  return buildPath(oauthPaths.start, { provider });
}

/** The provider's callback on this site, the redirect URI registered with the provider. */
export function oauthCallbackPath(provider: OAuthProviderName): string {
  return buildPath(oauthPaths.callback, { provider });
}
