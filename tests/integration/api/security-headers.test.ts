/**
 * Security headers on every kind of response: the Content-Security-Policy (our origin, the configured
 * asset and ad origins, every partner's embedding origins in frame-ancestors), nosniff and the
 * referrer policy; and the queue dashboard's page loading nothing from the internet.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as users from '#server/db/repositories/users.repo';
import { buildApp, type App } from '#server/app';
import { loadApplications } from '#server/lib/applications';
import { testConfig } from '../../support/config';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

const dist = mkdtempSync(path.join(tmpdir(), 'charchat-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CharChat</title>');
const uploads = mkdtempSync(path.join(tmpdir(), 'charchat-uploads-'));
mkdirSync(path.join(uploads, 'avatars'));
/** An avatar as the app names uploads: a random UUID (other names are never served). */
const avatarName = `${randomUUID()}.webp`;
writeFileSync(path.join(uploads, 'avatars', avatarName), 'RIFF....WEBP');

const applicationsFile = path.join(mkdtempSync(path.join(tmpdir(), 'charchat-apps-')), 'apps.json');
writeFileSync(
  applicationsFile,
  JSON.stringify([
    { id: 'charchat', name: 'CharChat' },
    {
      id: 'partner-one',
      name: 'Partner One',
      partner: { secret: 'partner-one-shared-secret-with-32-characters' },
      embedOrigins: ['https://partner-one.example', 'https://www.partner-one.example'],
    },
    {
      id: 'partner-two',
      name: 'Partner Two',
      partner: { secret: 'partner-two-shared-secret-with-32-characters' },
      embedOrigins: ['https://partner-two.example:8443'],
    },
  ]),
);

let smtp: LocalSmtp;
/** Default settings: no asset or ad origins, no applications file. */
let plain: Stack;
/** Asset and ad origins and two partners that embed us. */
let configured: App;

beforeAll(async () => {
  smtp = await startSmtp();
  plain = await startStack(
    testConfig({
      CLIENT_DIST: dist,
      UPLOAD_DIR: uploads,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://chat.example.com',
    }),
    { workers: false },
  );
  configured = await buildApp(
    testConfig({
      CLIENT_DIST: dist,
      CSP_ASSET_ORIGINS: 'https://cdn.example.com,https://*.img.example.com',
      CSP_AD_ORIGINS: 'https://ads.example.net',
      APPLICATIONS_FILE: applicationsFile,
      PUBLIC_URL: 'http://127.0.0.1:3000',
    }),
  );
});
afterAll(async () => {
  await plain.close();
  await configured.fastify.close();
  await smtp.close();
});

/** The policy's directives by name, each with its sources. */
function policyOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no CSP on ${String(res.statusCode)} response`);
  return new Map(
    header.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function expectBaselineHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const policy = policyOf(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
}

describe('with default settings', () => {
  const get = (opts: InjectOptions) => plain.app.fastify.inject(opts);

  it('allows only our own origin on pages, and no frame around them', async () => {
    for (const url of ['/', '/chat/abc/new', '/admin']) {
      const res = await get({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectBaselineHeaders(res);
      const policy = policyOf(res);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('font-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'wss://chat.example.com']);
      expect(policy.get('frame-src')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('sends them on API answers and errors', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/library', 401],
      ['/api/nope', 404],
      ['/api/characters/not-an-id', 401],
      ['/metrics', 200],
    ] as const) {
      const res = await get({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      expectBaselineHeaders(res);
    }
  });

  it('sends them on uploaded files', async () => {
    const res = await get({ url: `/uploads/avatars/${avatarName}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectBaselineHeaders(res);
  });

  it('answers a missing upload 404, not the client page', async () => {
    for (const url of ['/uploads/avatars/missing.webp', '/uploads/nope/', '/uploads/']) {
      const res = await get({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
    // Client routes still load the page.
    expect((await get({ url: '/chatbot/create' })).statusCode).toBe(200);
  });

  it('sends them on the API docs, which load only from our origin', async () => {
    const page = await get({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expectBaselineHeaders(page);
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('lets the queue dashboard load nothing from the internet', async () => {
    const email = `board-${randomUUID()}@example.com`;
    const row = await users.upsertMemberByEmail(plain.app.deps.db, email);
    await users.setRole(plain.app.deps.db, row.id, 'admin');
    const admin = await signInMember(plain, smtp, email);
    const opened = await get({
      method: 'POST',
      url: '/api/admin/queue-board',
      headers: admin.headers,
    });
    const cookie = opened.cookies.find((c) => c.name === 'cc_queue_board')?.value ?? '';

    const page = await get({ url: '/admin/queues', cookies: { cc_queue_board: cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html');
    expectBaselineHeaders(page);
    expect(page.body).not.toContain('fonts.googleapis.com');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    // What it does load is ours, and served.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      const url = new URL(source, 'http://x/admin/queues/').pathname;
      const res = await get({ url, cookies: { cc_queue_board: cookie } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }

    const refused = await get({ url: '/admin/queues' });
    expect(refused.statusCode).toBe(403);
    expectBaselineHeaders(refused);
  });
});

describe('with asset and ad origins and partners that embed us', () => {
  it('adds them where each belongs, and lets every partner site frame the pages', async () => {
    const res = await configured.fastify.inject({ url: '/chat/abc/new' });
    expectBaselineHeaders(res);
    const policy = policyOf(res);
    const cdn = ['https://cdn.example.com', 'https://*.img.example.com'];
    const ads = 'https://ads.example.net';
    expect(policy.get('script-src')).toEqual(["'self'", ...cdn, ads]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", ...cdn, ads]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...cdn, ads]);
    expect(policy.get('font-src')).toEqual(["'self'", ...cdn]);
    expect(policy.get('media-src')).toEqual(["'self'", ...cdn]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:3000', ads]);
    expect(policy.get('frame-src')).toEqual(["'self'", ads]);
    expect(policy.get('frame-ancestors')).toEqual([
      'https://partner-one.example',
      'https://www.partner-one.example',
      'https://partner-two.example:8443',
    ]);
  });

  it('refuses an applications file with an embedding origin that is not an origin', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'charchat-apps-')), 'apps.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'p', name: 'P', embedOrigins: ["https://p.example; script-src 'unsafe-inline'"] },
      ]),
    );
    expect(() => loadApplications(testConfig({ APPLICATIONS_FILE: file }))).toThrow(/embedOrigins/);
  });
});
