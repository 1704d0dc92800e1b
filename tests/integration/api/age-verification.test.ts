/** Age verification with the sandbox provider: status by country, the flow, and the NSFW gate. */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizeAgeVerification,
  getAgeVerification,
  startAgeVerification,
} from '#shared/api/age-verification';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      AGE_VERIFICATION_COUNTRIES: 'GB,FR',
      PUBLIC_URL: 'http://chat.test',
    }),
    { workers: false },
  );
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

async function memberIn(country: string) {
  return { ...(await signInMember(stack, smtp)).headers, 'x-country': country };
}

/** Starts a sandbox session and answers it on the sandbox page as a tester would. */
async function verify(headers: Record<string, string>, verdict: 'approve' | 'decline') {
  const started = await inject({
    method: 'POST',
    url: '/api/age-verification/sessions',
    headers,
    payload: { method: 'sandbox-id' },
  });
  const { url } = startAgeVerification.response.parse(started.json());
  expect(url.startsWith('http://chat.test/api/age-verification/sandbox/')).toBe(true);
  const page = await inject({ url: new URL(url).pathname });
  expect(page.body).toContain('Sandbox age verification');
  const decided = await inject({ method: 'POST', url: `${new URL(url).pathname}/${verdict}` });
  expect(decided.statusCode).toBe(302);
  const session =
    new URL(String(decided.headers.location), 'http://chat.test').searchParams.get('session') ?? '';
  const finalized = await inject({
    method: 'POST',
    url: `/api/age-verification/sessions/${session}/finalize`,
    headers,
  });
  return { session, result: finalizeAgeVerification.response.parse(finalized.json()) };
}

describe('age verification', () => {
  it('requires verification only where the law does, with the configured deadline and methods', async () => {
    const status = async (headers: Record<string, string>) =>
      getAgeVerification.response.parse(
        (await inject({ url: '/api/age-verification', headers })).json(),
      );
    const guest = { 'x-guest-id': randomUUID() };
    expect(await status({ ...guest, 'x-country': 'GB' })).toMatchObject({
      status: 'verify',
      deadline: '2025-11-30',
    });
    expect((await status({ ...guest, 'x-country': 'US' })).status).toBe('inform');
    expect((await status(guest)).methods.map((m) => m.id)).toEqual(['sandbox-id', 'sandbox-card']);
  });

  it('refuses NSFW until the member verifies; a declined check changes nothing', async () => {
    const headers = await memberIn('GB');
    const refused = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers,
      payload: { showNsfw: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'age_verification_required',
      field: 'showNsfw',
    });

    expect((await verify(headers, 'decline')).result).toEqual({
      status: 'verify',
      verified: false,
    });
    expect((await verify(headers, 'approve')).result).toEqual({
      status: 'verified',
      verified: true,
    });
    const allowed = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers,
      payload: { showNsfw: true },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("does not let another member finalize someone's session, and checks the method", async () => {
    const owner = await memberIn('FR');
    const { session } = await verify(owner, 'decline');
    const other = await memberIn('FR');
    const res = await inject({
      method: 'POST',
      url: `/api/age-verification/sessions/${session}/finalize`,
      headers: other,
    });
    expect(res.statusCode).toBe(404);
    const bad = await inject({
      method: 'POST',
      url: '/api/age-verification/sessions',
      headers: owner,
      payload: { method: 'nope' },
    });
    expect(errorOf(bad.json())).toMatchObject({ code: 'validation_failed', field: 'method' });
  });
});
