/**
 * Brands and partner sites: settings per application id or host name, the sections a brand switches
 * off, members signed in with a partner's token, and partner sign-up.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppSettings } from '#shared/api/applications';
import { getMe } from '#shared/api/auth';
import { testConfig } from '../../support/config';
import { errorCode, errorOf } from '../../support/http';
import { signInMember } from '../../support/members';
import { decodedBody, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectGuest, startStack, type Stack } from '../../support/stack';
import { createExternalUser } from '#shared/api/account';
import { loadApplications } from '#server/lib/applications';
import { io } from 'socket.io-client';

let stack: Stack;
let smtp: LocalSmtp;
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const hmacSecret = 'partner-two-shared-secret-with-32-characters';

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charchat-apps-'));
  const file = path.join(dir, 'applications.json');
  writeFileSync(
    file,
    JSON.stringify([
      { id: 'charchat', name: 'CharChat', featureFlags: { onboarding_v2: true } },
      {
        id: 'partner-one',
        name: 'Partner One',
        branding: {
          customerSupportUrl: 'https://help.partner.test',
          footerBottomLineHtml: '<b>Partner</b>',
        },
        partner: {
          publicKeyPem: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          issuer: 'partner-one',
        },
      },
      { id: 'partner-two', name: 'Partner Two', partner: { secret: hmacSecret } },
      {
        id: 'brand-two',
        name: 'Brand Two',
        hosts: ['brand-two.test', 'www.brand-two.test'],
        logoUrl: 'https://cdn.brand-two.test/logo.png',
        colors: { light: '#0a7d4f', dark: '#5fe0a8' },
        socialLinks: [{ network: 'discord', url: 'https://discord.test/brand-two' }],
        navEntries: [{ label: 'Blog', url: 'https://blog.brand-two.test' }],
        sectionsOff: ['subscriptions', 'personas'],
      },
    ]),
  );
  smtp = await startSmtp();
  stack = await startStack(testConfig({ APPLICATIONS_FILE: file, SMTP_URL: smtp.url }), {
    workers: false,
  });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

function rsaToken(claims: Record<string, unknown>, expiresIn = '10m', issuer = 'partner-one') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(rsa.privateKey);
}

describe('GET /api/app-settings', () => {
  it('answers the settings of the application named by the header, the default otherwise', async () => {
    const partner = getAppSettings.response.parse(
      (
        await inject({ url: '/api/app-settings', headers: { 'x-application-id': 'partner-one' } })
      ).json(),
    );
    expect(partner).toMatchObject({
      id: 'partner-one',
      isPartner: true,
      branding: { customerSupportUrl: 'https://help.partner.test' },
    });
    expect(JSON.stringify(partner)).not.toContain('BEGIN PUBLIC KEY');
    for (const headers of [{}, { 'x-application-id': 'unknown' }]) {
      const settings = getAppSettings.response.parse(
        (await inject({ url: '/api/app-settings', headers })).json(),
      );
      expect(settings).toMatchObject({
        id: 'charchat',
        isPartner: false,
        featureFlags: { onboarding_v2: true },
      });
    }
  });
});

describe('partner tokens', () => {
  it('signs in the partner member behind an external id, the same member each time', async () => {
    const externalId = `ext-${randomUUID()}`;
    const headers = async () => ({
      authorization: `Bearer ${await rsaToken({ external_id: externalId, name: 'Pat' })}`,
      'x-application-id': 'partner-one',
    });
    const first = getMe.response.parse(
      (await inject({ url: '/api/me', headers: await headers() })).json(),
    );
    expect(first).toMatchObject({ kind: 'member', name: 'Pat' });
    const again = getMe.response.parse(
      (await inject({ url: '/api/me', headers: await headers() })).json(),
    );
    expect(again.id).toBe(first.id);

    const hmac = await new SignJWT({ id: externalId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(hmacSecret));
    const other = getMe.response.parse(
      (
        await inject({
          url: '/api/me',
          headers: { authorization: `Bearer ${hmac}`, 'x-application-id': 'partner-two' },
        })
      ).json(),
    );
    expect(other.id).not.toBe(first.id);
  });

  it('stores a partner name made to fit the rules, and refuses an external id we cannot store', async () => {
    const me = async (claims: Record<string, unknown>) =>
      inject({
        url: '/api/me',
        headers: {
          authorization: `Bearer ${await rsaToken(claims)}`,
          'x-application-id': 'partner-one',
        },
      });
    const named = await me({ external_id: `ext-${randomUUID()}`, name: 'Pa\u0000t\u202E Doe' });
    expect(named.statusCode).toBe(200);
    expect(getMe.response.parse(named.json())).toMatchObject({ name: 'Pat Doe' });
    const broken = await me({ external_id: `ext-\u0000-${randomUUID()}` });
    expect(broken.statusCode).toBe(401);
    expect(errorCode(broken.json())).toBe('sign_in_required');
  });

  it('refuses a token that is expired, from another issuer, or signed with another key', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT({ external_id: 'x' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer('partner-one')
      .setExpirationTime('5m')
      .sign(stranger.privateKey);
    for (const token of [
      await rsaToken({ external_id: 'x' }, '-1m'),
      await rsaToken({ external_id: 'x' }, '5m', 'someone-else'),
      forged,
    ]) {
      const res = await inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${token}`, 'x-application-id': 'partner-one' },
      });
      expect(res.statusCode).toBe(401);
      expect(errorCode(res.json())).toBe('sign_in_required');
    }
  });

  it('authenticates a partner socket with the application id in the handshake', async () => {
    const token = await rsaToken({ external_id: `sock-${randomUUID()}` });
    const socket = io(stack.url, {
      auth: { token, applicationId: 'partner-one' },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.close();
    await expect(connectGuest(stack.url, 'not-a-uuid')).rejects.toThrow();
  });
});

describe('brands by host name', () => {
  const settingsFor = async (headers: Record<string, string>) =>
    getAppSettings.response.parse((await inject({ url: '/api/app-settings', headers })).json());

  it('serves each brand on its own hosts, the header first, the default elsewhere', async () => {
    for (const host of ['brand-two.test', 'WWW.Brand-Two.test:8443']) {
      expect(await settingsFor({ host })).toMatchObject({
        id: 'brand-two',
        name: 'Brand Two',
        logoUrl: 'https://cdn.brand-two.test/logo.png',
        colors: { light: '#0a7d4f', dark: '#5fe0a8' },
        sectionsOff: ['subscriptions', 'personas'],
      });
    }
    expect((await settingsFor({ host: 'brand-two.test', 'x-application-id': 'charchat' })).id).toBe(
      'charchat',
    );
    for (const host of ['localhost', 'brand-two.test.evil.example', 'sub.brand-two.test']) {
      expect((await settingsFor({ host })).id).toBe('charchat');
    }
    expect(JSON.stringify(await settingsFor({ host: 'brand-two.test' }))).not.toContain('hosts');
  });

  it("sends a sign-in mail in the brand's name, linking to the brand's site", async () => {
    const email = `brand-mail-${randomUUID()}@example.com`;
    const res = await inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { host: 'brand-two.test' },
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(email);
    expect(mail.raw).toMatch(/^Subject: Your Brand Two sign-in code: \d{6}/m);
    const body = decodedBody(mail);
    expect(body).toContain('Your Brand Two sign-in code is');
    expect(body).toMatch(/^http:\/\/brand-two\.test(:\d+)?\/api\/auth\/email\/link\?token=/m);
  });

  it('answers not found for the API of a section the brand switches off, on that brand only', async () => {
    for (const url of [
      '/api/plans?frequency=monthly',
      '/api/locations/countries',
      '/api/personas',
    ]) {
      const off = await inject({ url, headers: { host: 'brand-two.test' } });
      expect(off.statusCode, url).toBe(404);
      expect(errorCode(off.json())).toBe('not_found');
    }
    const on = await inject({
      url: '/api/plans?frequency=monthly',
      headers: { host: 'other.test' },
    });
    expect(on.statusCode).toBe(200);
    // Everything else of the brand works.
    const library = await inject({ url: '/api/library/tags', headers: { host: 'brand-two.test' } });
    expect(library.statusCode).toBe(200);
  });

  it('refuses a settings file with a bad colour, link or section at start', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'charchat-bad-apps-'));
    for (const bad of [
      { colors: { light: 'red' } },
      { logoUrl: 'javascript:alert(1)' },
      { navEntries: [{ label: 'x', url: '//evil.example' }] },
      { socialLinks: [{ network: 'myspace', url: 'https://x.test' }] },
      { sectionsOff: ['chat'] },
    ]) {
      const file = path.join(dir, `${randomUUID()}.json`);
      writeFileSync(file, JSON.stringify([{ id: 'bad', name: 'Bad', ...bad }]));
      expect(() => loadApplications(testConfig({ APPLICATIONS_FILE: file }))).toThrow();
    }
  });
});

describe('POST /api/users/external (partner sign-up)', () => {
  const partnerHeaders = async (externalId: string) => ({
    authorization: `Bearer ${await rsaToken({ external_id: externalId, name: 'Pat' })}`,
    'x-application-id': 'partner-one',
  });
  const signUp = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/users/external', headers, payload });
  const username = () => `p${randomUUID().slice(0, 8)}`;

  it("sets a partner member's username and name once", async () => {
    const headers = await partnerHeaders(`ext-${randomUUID()}`);
    const name = username();
    const res = await signUp(headers, { username: name.toUpperCase(), name: 'Patricia' });
    expect(res.statusCode, res.body).toBe(200);
    const { user } = createExternalUser.response.parse(res.json());
    expect(user).toMatchObject({ kind: 'member', username: name, name: 'Patricia' });
    const me = getMe.response.parse((await inject({ url: '/api/me', headers })).json());
    expect(me).toMatchObject({ username: name, name: 'Patricia' });

    const again = await signUp(headers, { username: username(), name: 'Someone Else' });
    expect(again.statusCode).toBe(403);
    expect(getMe.response.parse((await inject({ url: '/api/me', headers })).json()).username).toBe(
      name,
    );
  });

  it('refuses our own members and guests: partner sign-up is for partner sites', async () => {
    const member = await signInMember(stack, smtp);
    const res = await signUp(member.headers, { username: username(), name: 'Patricia' });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.json())).toBe('forbidden');
    const guest = await signUp(
      { 'x-guest-id': randomUUID() },
      { username: username(), name: 'Patricia' },
    );
    expect(guest.statusCode).toBe(401);
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const headers = await partnerHeaders(`ext-${randomUUID()}`);
    for (const [field, payload] of [
      ['username', { username: 'abc', name: 'Patricia' }],
      ['name', { username: username(), name: 'Pat' }],
      ['username', { username: 'a\u0000bcd', name: 'Patricia' }],
      ['name', { username: username(), name: 'Pat\u0000ricia' }],
      ['username', { username: 'x'.repeat(10_000), name: 'Patricia' }],
      ['username', { username: 42, name: 'Patricia' }],
      ['username', { username: 'support', name: 'Patricia' }],
    ] as const) {
      const res = await signUp(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.json()).field?.split('.')[0]).toBe(field);
    }
    expect(getMe.response.parse((await inject({ url: '/api/me', headers })).json()).username).toBe(
      null,
    );
  });

  it('gives a username to one of many partner members asking for it at once', async () => {
    const wanted = username();
    const results = await Promise.all(
      Array.from({ length: 8 }, async () =>
        signUp(await partnerHeaders(`ext-${randomUUID()}`), { username: wanted, name: 'Patricia' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(errorOf(res.json())).toMatchObject({ code: 'username_taken', field: 'username' });
    }
  });
});
