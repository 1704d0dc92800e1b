/**
 * Sign-in with OAuth providers through the whole redirect flow, against a real OAuth 2 / OpenID
 * provider started locally (oauth2-mock-server), with state and PKCE checked.
 */
import type { InjectOptions } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema, listSignInProviders } from '#shared/api/auth';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let oidc: OAuth2Server;
const publicUrl = 'http://chat.test';

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const credentials = (p: string) => ({
    [`OAUTH_${p}_CLIENT_ID`]: `${p}-client`,
    [`OAUTH_${p}_CLIENT_SECRET`]: `${p}-secret`,
  });
  stack = await startStack(
    testConfig({
      ...credentials('GOOGLE'),
      ...credentials('APPLE'),
      ...credentials('DISCORD'),
      OAUTH_ISSUER_OVERRIDE: oidc.issuer.url ?? '',
      PUBLIC_URL: publicUrl,
    }),
    { workers: false },
  );
});
afterAll(async () => {
  await stack.close();
  await oidc.stop();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

/** Runs the redirect dance: our start route → the provider's authorize → back to our callback. */
async function signInWith(provider: string, tamper: (callback: URL) => void = () => undefined) {
  const start = await inject({ url: `/api/auth/oauth/${provider}` });
  expect(start.statusCode).toBe(302);
  const flow = start.cookies.find((c) => c.name === 'cc_oauth');
  if (!flow) throw new Error('no flow cookie');
  expect(flow).toMatchObject({ httpOnly: true, path: '/api/auth/oauth' });
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    `${publicUrl}/api/auth/oauth/${provider}/callback`,
  );

  const answer = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location') ?? '');
  tamper(callback);
  const done = await inject({
    url: `${callback.pathname}${callback.search}`,
    cookies: { cc_oauth: flow.value },
  });
  const refresh = done.cookies.find((c) => c.name === 'cc_refresh')?.value;
  return { location: String(done.headers.location), refresh };
}

async function sessionOf(refresh: string | undefined) {
  const res = await inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { cc_refresh: refresh ?? '' },
  });
  return SessionSchema.parse(res.json());
}

describe('OAuth sign-in', () => {
  it('lists only the configured providers', async () => {
    const res = await inject({ url: '/api/auth/providers' });
    expect(listSignInProviders.response.parse(res.json()).providers.sort()).toEqual([
      'apple',
      'discord',
      'google',
    ]);
    const x = await inject({ url: '/api/auth/oauth/x' });
    expect(x.statusCode).toBe(404);
    expect(errorCode(x.json())).toBe('not_found');
  });

  it('signs in with Google, and the same account signs in to the same member', async () => {
    const subject = `g-${Date.now()}`;
    const email = `${subject}@gmail.test`;
    const profile = (response: { body: unknown }) => {
      response.body = { sub: subject, email, email_verified: true, name: 'Gee' };
    };
    oidc.service.once('beforeUserinfo', profile);
    const first = await signInWith('google');
    expect(first.location).toBe('/?signin=oauth');
    const session = await sessionOf(first.refresh);
    expect(session.user).toMatchObject({ kind: 'member', email });

    oidc.service.once('beforeUserinfo', profile);
    const again = await signInWith('google');
    expect((await sessionOf(again.refresh)).user.id).toBe(session.user.id);
  });

  it('refuses a callback whose state does not match', async () => {
    oidc.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = { sub: 'tampered', email: 't@gmail.test', email_verified: true };
    });
    const result = await signInWith('google', (callback) =>
      callback.searchParams.set('state', 'forged'),
    );
    expect(result.location).toBe('/?signin=oauth-failed');
    expect(result.refresh).toBeUndefined();
  });

  it('sends a Discord member without a verified email to /update-email', async () => {
    oidc.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = {
        id: `d-${Date.now()}`,
        email: 'maybe@discord.test',
        verified: false,
        username: 'dee',
      };
    });
    const result = await signInWith('discord');
    expect(result.location).toBe('/update-email');
    expect((await sessionOf(result.refresh)).user).toMatchObject({
      kind: 'member',
      email: null,
      name: 'dee',
    });
  });

  it('sends an Apple private-relay address to /update-email', async () => {
    const sub = `a-${Date.now()}`;
    // Both the access token and the id token are signed: the claims go on each.
    const claims = (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = sub;
      token.payload.email = `${sub}@privaterelay.appleid.com`;
      token.payload.email_verified = 'true';
    };
    oidc.service.on('beforeTokenSigning', claims);
    const result = await signInWith('apple').finally(() =>
      oidc.service.off('beforeTokenSigning', claims),
    );
    expect(result.location).toBe('/update-email');
    expect((await sessionOf(result.refresh)).user.email).toBe(`${sub}@privaterelay.appleid.com`);
  });
});
