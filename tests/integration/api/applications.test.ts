/** Brands and partner sites: settings per application id, and members signed in with a partner's token. */
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
import { errorCode } from '../../support/http';
import { connectGuest, startStack, type Stack } from '../../support/stack';
import { io } from 'socket.io-client';

let stack: Stack;
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
    ]),
  );
  stack = await startStack(testConfig({ APPLICATIONS_FILE: file }), { workers: false });
});
afterAll(async () => {
  await stack.close();
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
