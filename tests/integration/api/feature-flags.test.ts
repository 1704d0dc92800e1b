/**
 * Flags tell the truth (issue 7 §16): whatever the operator's applications file or a member's tier
 * switches on, GET /api/app-settings and GET /api/me report a flag as on only where its feature exists.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppSettings } from '#shared/api/applications';
import { SessionSchema, getMe } from '#shared/api/auth';
import type { Role } from '#shared/schemas/user';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charchat-flags-'));
  const file = path.join(dir, 'applications.json');
  writeFileSync(
    file,
    JSON.stringify([
      {
        id: 'charchat',
        name: 'CharChat',
        featureFlags: {
          lorebook: true,
          groupchat: true,
          generation_settings: true,
          onboarding_v2: true,
          nav_v2: false,
        },
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

/** A member of `role`, signed in with the emailed code; answers their access token. */
async function signIn(role: Role): Promise<string> {
  const email = `flags-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, user.id, role);
  await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
  const { code } = signInSecrets(await smtp.nextMailTo(email));
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
  });
  return SessionSchema.parse(res.json()).accessToken;
}

describe('GET /api/app-settings', () => {
  it('reports the flags of features not built as off, even when the operator switched them on', async () => {
    const res = await inject({ url: '/api/app-settings' });
    expect(res.statusCode).toBe(200);
    const settings = getAppSettings.response.parse(res.json());
    expect(settings.featureFlags).toEqual({
      lorebook: true,
      groupchat: false,
      generation_settings: true,
      onboarding_v2: true,
      nav_v2: false,
    });
  });
});

describe('GET /api/me', () => {
  it('tells a paid member of generation settings, lorebooks and of no unbuilt feature their tier includes', async () => {
    const token = await signIn('paid_premium');
    const res = await inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const me = getMe.response.parse(res.json());
    expect(me.role).toBe('paid_premium');
    expect(me.featureFlags).toEqual(['generation_settings', 'lorebook']);
  });

  it('tells an admin of the admin screens, which exist', async () => {
    const token = await signIn('admin');
    const me = getMe.response.parse(
      (await inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(me.featureFlags).toEqual(['generation_settings', 'admin', 'lorebook']);
  });
});
