/**
 * Every contract in shared/api says who may call it, and the route helper enforces it before the
 * handler runs: here each endpoint is called below its level and must refuse, whatever its input.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app';
import * as restrictions from '#server/db/repositories/restrictions.repo';
import { forgetStanding } from '#server/lib/member-standing';
import { buildPath, type Endpoint } from '#shared/api/endpoint';
import { defaultVoiceId } from '#shared/rules/speech';
import { newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

/** Every endpoint contract of the API, found in shared/api, so a new one is covered by itself. */
function allEndpoints(): Endpoint[] {
  const modules: Record<string, Record<string, unknown>> = import.meta.glob(
    '../../../shared/api/*.ts',
    { eager: true },
  );
  return Object.values(modules)
    .flatMap((m) => Object.values(m))
    .filter(
      (value): value is Endpoint =>
        typeof value === 'object' && value !== null && 'auth' in value && 'path' in value,
    );
}

const endpoints = allEndpoints();
const atLevel = (...levels: string[]) => endpoints.filter((e) => levels.includes(e.auth));
const label = (e: Endpoint) => `${e.method} ${e.path}`;
const urlOf = (e: Endpoint) =>
  buildPath(e.path, {
    id: randomUUID(),
    restrictionId: randomUUID(),
    month: '2026-01',
    messageId: randomUUID(),
    entryId: randomUUID(),
    lorebookId: randomUUID(),
    username: 'nobody',
    provider: 'paypal',
    service: 'subscribestar',
    transientId: 'transient-id-1',
    country: 'US',
    voiceId: defaultVoiceId,
    language: 'en',
  });

let stack: Stack;
let smtp: LocalSmtp;
let app: App;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  app = stack.app;
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

describe('route auth levels', () => {
  it('finds the contracts and each names a level', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    for (const e of endpoints) {
      expect(['none', 'caller', 'chat', 'member', 'create', 'admin'], label(e)).toContain(e.auth);
    }
  });

  it('asks a request without any identity to sign in, before reading its input', async () => {
    for (const e of atLevel('caller', 'chat', 'member', 'create', 'admin')) {
      const res = await app.fastify.inject({ method: e.method, url: urlOf(e), payload: {} });
      expect(res.statusCode, label(e)).toBe(401);
      expect(res.json(), label(e)).toMatchObject({ error: { code: 'sign_in_required' } });
    }
  });

  it('asks a guest to sign in on member routes and refuses them admin routes', async () => {
    const headers = { 'x-guest-id': newGuestId() };
    for (const e of atLevel('member', 'create')) {
      const res = await app.fastify.inject({ method: e.method, url: urlOf(e), headers });
      expect(res.json(), label(e)).toMatchObject({ error: { code: 'sign_in_required' } });
    }
    for (const e of atLevel('admin')) {
      const res = await app.fastify.inject({ method: e.method, url: urlOf(e), headers });
      expect(res.json(), label(e)).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it('refuses a member who is not an admin on every admin route', async () => {
    const { headers } = await signInMember(stack, smtp);
    for (const e of atLevel('admin')) {
      const res = await app.fastify.inject({ method: e.method, url: urlOf(e), headers });
      expect(res.statusCode, label(e)).toBe(403);
      expect(res.json(), label(e)).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it('refuses a Restricted member on every create route, before reading its input', async () => {
    const moderator = await signInMember(stack, smtp);
    const member = await signInMember(stack, smtp);
    await restrictions.insert(app.deps.db, {
      userId: member.session.user.id,
      type: 'restriction_limited',
      reason: 'route auth test',
      createdBy: moderator.session.user.id,
      expiresAt: null,
    });
    await forgetStanding(app.deps, member.session.user.id);
    const creating = atLevel('create');
    expect(creating.map((e) => e.path)).toContain('/api/characters');
    for (const e of creating) {
      const res = await app.fastify.inject({
        method: e.method,
        url: urlOf(e),
        headers: member.headers,
        payload: {},
      });
      expect(res.statusCode, label(e)).toBe(403);
      expect(res.json(), label(e)).toMatchObject({ error: { code: 'account_restricted' } });
    }
  });

  it('refuses a malformed guest id with guest_id_invalid naming the header', async () => {
    const [e] = atLevel('caller');
    if (!e) throw new Error('no caller route');
    const res = await app.fastify.inject({
      method: e.method,
      url: urlOf(e),
      headers: { 'x-guest-id': 'not-a-uuid' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'guest_id_invalid', field: 'x-guest-id' } });
  });
});
