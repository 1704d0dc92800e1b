/**
 * The OAuth providers members may sign in with, each enabled by its own client id and secret. Arctic's
 * generic OAuth 2 client does the protocol (state, PKCE, code exchange); each provider here says where
 * its endpoints are and how to read who the person is. OAUTH_ISSUER_OVERRIDE sends every provider to one
 * local OpenID issuer, for tests and local development.
 */
import { OAuth2Client, decodeIdToken, type OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import { OAuthProviderSchema, oauthCallbackPath, type OAuthProviderName } from '#shared/api/auth';
import type { Config } from '../../config';

/** The providers are shared/api/auth.ts's list, which the sign-in buttons offer. */
type ProviderName = OAuthProviderName;

/** Who the provider says the person is. */
export interface OAuthProfile {
  subject: string;
  /** Present only when the provider vouches for it. */
  email: string | null;
  name: string | null;
}

interface ProviderSpec {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Apple posts the callback as a form when it is asked for the email. */
  formPost: boolean;
  /** The provider's userinfo endpoint; null where the id token says who the person is. */
  userinfoUrl: string | null;
  profile: (tokens: OAuth2Tokens, fetchUserinfo: () => Promise<unknown>) => Promise<OAuthProfile>;
}

const GoogleUser = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
});
const DiscordUser = z.object({
  id: z.string(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
  global_name: z.string().nullish(),
  username: z.string().optional(),
});
const XUser = z.object({
  data: z.object({
    id: z.string(),
    name: z.string().optional(),
    confirmed_email: z.string().optional(),
  }),
});
const AppleClaims = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

const specs: Record<ProviderName, ProviderSpec> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    formPost: false,
    profile: async (_tokens, fetchUserinfo) => {
      const user = GoogleUser.parse(await fetchUserinfo());
      return {
        subject: user.sub,
        email: user.email_verified === true ? (user.email ?? null) : null,
        name: user.name ?? null,
      };
    },
  },
  apple: {
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userinfoUrl: null,
    scopes: ['name', 'email'],
    formPost: true,
    // Apple has no userinfo endpoint: the id token, received straight from its token endpoint, says who.
    profile: (tokens) => {
      const claims = AppleClaims.parse(decodeIdToken(tokens.idToken()));
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return Promise.resolve({
        subject: claims.sub,
        email: verified ? (claims.email ?? null) : null,
        name: null,
      });
    },
  },
  x: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me?user.fields=confirmed_email',
    scopes: ['users.read', 'tweet.read', 'users.email'],
    formPost: false,
    profile: async (_tokens, fetchUserinfo) => {
      const { data } = XUser.parse(await fetchUserinfo());
      return { subject: data.id, email: data.confirmed_email ?? null, name: data.name ?? null };
    },
  },
  discord: {
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    formPost: false,
    profile: async (_tokens, fetchUserinfo) => {
      const user = DiscordUser.parse(await fetchUserinfo());
      return {
        subject: user.id,
        email: user.verified === true ? (user.email ?? null) : null,
        name: user.global_name ?? user.username ?? null,
      };
    },
  },
};

export interface OAuthProvider {
  name: ProviderName;
  client: OAuth2Client;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  formPost: boolean;
  profile: (tokens: OAuth2Tokens) => Promise<OAuthProfile>;
}

function credentials(
  config: Config,
  name: ProviderName,
): { id: string; secret: string } | undefined {
  const pairs = {
    google: [config.OAUTH_GOOGLE_CLIENT_ID, config.OAUTH_GOOGLE_CLIENT_SECRET],
    apple: [config.OAUTH_APPLE_CLIENT_ID, config.OAUTH_APPLE_CLIENT_SECRET],
    x: [config.OAUTH_X_CLIENT_ID, config.OAUTH_X_CLIENT_SECRET],
    discord: [config.OAUTH_DISCORD_CLIENT_ID, config.OAUTH_DISCORD_CLIENT_SECRET],
  } as const;
  const [id, secret] = pairs[name];
  return id !== undefined && secret !== undefined ? { id, secret } : undefined;
}

/** The configured providers, keyed by name; a provider without credentials is absent. */
export function configuredProviders(
  config: Config,
  baseUrl: string,
): Map<ProviderName, OAuthProvider> {
  const providers = new Map<ProviderName, OAuthProvider>();
  const issuer = config.OAUTH_ISSUER_OVERRIDE?.replace(/\/$/, '');
  for (const name of OAuthProviderSchema.options) {
    const creds = credentials(config, name);
    if (!creds) continue;
    const spec = specs[name];
    const userinfoUrl =
      issuer !== undefined && spec.userinfoUrl !== null ? `${issuer}/userinfo` : spec.userinfoUrl;
    const fetchUserinfo = (accessToken: string) => async (): Promise<unknown> => {
      if (userinfoUrl === null) throw new Error(`${name} has no userinfo endpoint`);
      const res = await fetch(userinfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`${name} userinfo answered ${res.status}`);
      return res.json();
    };
    providers.set(name, {
      name,
      client: new OAuth2Client(creds.id, creds.secret, `${baseUrl}${oauthCallbackPath(name)}`),
      authorizeUrl: issuer === undefined ? spec.authorizeUrl : `${issuer}/authorize`,
      tokenUrl: issuer === undefined ? spec.tokenUrl : `${issuer}/token`,
      scopes: spec.scopes,
      formPost: spec.formPost,
      profile: (tokens) => spec.profile(tokens, fetchUserinfo(tokens.accessToken())),
    });
  }
  return providers;
}
