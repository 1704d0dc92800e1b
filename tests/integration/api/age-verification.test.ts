/**
 * Age verification with the sandbox provider: status by the country the server looks up (a header its
 * proxy sets, never one the client picks), the flow whose sandbox page answers only the member who
 * started it, and the NSFW gate for members as well as guests.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizeAgeVerification,
  getAgeVerification,
  startAgeVerification,
} from '#shared/api/age-verification';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorCode, errorOf } from '../../support/http';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import {
  connectGuest,
  connectMember,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
const sockets: ClientSocket[] = [];
/** The header the proxy in front sets; clients may send any header they like. */
const countryHeader = 'cf-ipcountry';

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      AGE_VERIFICATION_COUNTRIES: 'GB,FR',
      COUNTRY_HEADER: countryHeader,
      PUBLIC_URL: 'http://chat.test',
    }),
    { workers: false },
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

async function memberIn(country: string) {
  return { ...(await signInMember(stack, smtp)).headers, [countryHeader]: country };
}

/** Starts a sandbox session: its page, and the cookie that lets the member's browser use it. */
async function start(headers: Record<string, string>) {
  const started = await inject({
    method: 'POST',
    url: '/api/age-verification/sessions',
    headers,
    payload: { method: 'sandbox-id' },
  });
  const { url } = startAgeVerification.response.parse(started.json());
  expect(url.startsWith('http://chat.test/api/age-verification/sandbox/')).toBe(true);
  const cookie = started.cookies.find((c) => c.name === 'cc_age_sandbox');
  expect(cookie).toMatchObject({ httpOnly: true, path: new URL(url).pathname });
  return { page: new URL(url).pathname, cookies: { cc_age_sandbox: cookie?.value ?? '' } };
}

/** Starts a sandbox session and answers it on the sandbox page as a tester would. */
async function verify(headers: Record<string, string>, verdict: 'approve' | 'decline') {
  const { page: path, cookies } = await start(headers);
  const page = await inject({ url: path, cookies });
  expect(page.body).toContain('Sandbox age verification');
  const decided = await inject({ method: 'POST', url: `${path}/${verdict}`, cookies });
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
    expect(await status({ ...guest, [countryHeader]: 'GB' })).toMatchObject({
      status: 'verify',
      deadline: '2025-11-30',
    });
    expect((await status({ ...guest, [countryHeader]: 'US' })).status).toBe('inform');
    // A country header the server does not look at changes nothing.
    expect((await status({ ...guest, 'x-country': 'GB' })).status).toBe('inform');
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

describe('the sandbox page', () => {
  it('answers only the member who started the session, in the browser that did', async () => {
    const owner = await memberIn('FR');
    const { page } = await start(owner);
    const other = await memberIn('FR');
    const { cookies: otherCookies } = await start(other);
    for (const cookies of [{}, otherCookies, { cc_age_sandbox: 'forged' }]) {
      const view = await inject({ url: page, cookies });
      expect(view.statusCode).toBe(401);
      const approve = await inject({ method: 'POST', url: `${page}/approve`, cookies });
      expect(approve.statusCode).toBe(401);
      expect(errorCode(approve.json())).toBe('sign_in_required');
    }
    const status = await inject({ url: '/api/age-verification', headers: owner });
    expect(getAgeVerification.response.parse(status.json()).status).toBe('verify');
  });

  it('stops answering once the member signs out', async () => {
    const member = await signInMember(stack, smtp);
    const { page, cookies } = await start(member.headers);
    expect((await inject({ url: page, cookies })).statusCode).toBe(200);
    await inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { cc_refresh: member.refresh },
    });
    expect((await inject({ method: 'POST', url: `${page}/approve`, cookies })).statusCode).toBe(
      401,
    );
  });

  it('refuses a malformed session id or verdict with validation_failed', async () => {
    const { cookies } = await start(await memberIn('FR'));
    const badId = await inject({ url: '/api/age-verification/sandbox/not-a-uuid', cookies });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
    const badVerdict = await inject({
      method: 'POST',
      url: `/api/age-verification/sandbox/${randomUUID()}/maybe`,
      cookies,
    });
    expect(errorOf(badVerdict.json())).toMatchObject({
      code: 'validation_failed',
      field: 'verdict',
    });
  });
});

describe('message:send to an NSFW character', () => {
  let characterId: string;
  beforeAll(async () => {
    characterId = await createCharacter(stack.app.deps.db);
    await stack.app.deps.db
      .updateTable('characters')
      .set({ is_nsfw: true })
      .where('id', '=', characterId)
      .execute();
  });

  const send = (socket: ClientSocket) =>
    socket.emitWithAck('message:send', { characterId, conversationId: null, content: 'Hi' });

  /** A member's socket, connected from a country (the header the proxy sets). */
  async function socketOf(headers: Record<string, string>, country: string) {
    const token = (headers.authorization ?? '').replace('Bearer ', '');
    const socket = await connectMember(stack.url, token, { [countryHeader]: country });
    sockets.push(socket);
    return socket;
  }

  it('asks a guest to sign up', async () => {
    const guest = await connectGuest(stack.url, newGuestId());
    sockets.push(guest);
    expect(await send(guest)).toMatchObject({ ok: false, error: { code: 'sign_up_required' } });
  });

  it('refuses a member who has not turned NSFW on', async () => {
    const socket = await socketOf(await memberIn('US'), 'US');
    expect(await send(socket)).toMatchObject({ ok: false, error: { code: 'nsfw_disabled' } });
  });

  it('refuses a member with NSFW on where the law requires a verification they lack', async () => {
    const member = await signInMember(stack, smtp);
    const headers = { ...member.headers, [countryHeader]: 'US' };
    const on = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers,
      payload: { showNsfw: true },
    });
    expect(on.statusCode).toBe(200);
    const inGb = await socketOf(headers, 'GB');
    expect(await send(inGb)).toMatchObject({
      ok: false,
      error: { code: 'age_verification_required' },
    });
    const inUs = await socketOf(headers, 'US');
    expect((await send(inUs)).ok).toBe(true);

    await users.markAgeVerified(stack.app.deps.db, member.session.user.id, 'sandbox-id');
    expect((await send(inGb)).ok).toBe(true);
  });
});
