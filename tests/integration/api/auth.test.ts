/**
 * Passwordless sign-in against a real local SMTP server: codes, magic links, refresh rotation and
 * reuse detection, sign-out, guest attachment and member sockets.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe, SessionSchema } from '#shared/api/auth';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { ageRefreshRotation } from '../../support/members';
import { signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { io } from 'socket.io-client';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://chat.test' }), {
    workers: false,
  });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const newEmail = () => `user-${randomUUID()}@example.com`;

/** The value of the refresh cookie a response set, and its attributes. */
function refreshCookieOf(res: Awaited<ReturnType<typeof inject>>) {
  const cookie = res.cookies.find((c) => c.name === 'cc_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return cookie;
}

async function requestCode(email: string, remoteAddress = '10.0.0.1') {
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email',
    payload: { email },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return signInSecrets(await smtp.nextMailTo(email.trim().toLowerCase()));
}

async function signIn(email: string, headers: Record<string, string> = {}) {
  const { code } = await requestCode(email);
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
    headers,
  });
  expect(res.statusCode).toBe(200);
  return { session: SessionSchema.parse(res.json()), refresh: refreshCookieOf(res).value };
}

describe('POST /api/auth/email and /verify', () => {
  it('mails a code and a link, and signs in once with the code', async () => {
    const email = newEmail();
    const mixed = email.toUpperCase();
    const { code, linkToken } = await requestCode(`  ${mixed} `);
    expect(code).toMatch(/^\d{6}$/);
    expect(linkToken.length).toBeGreaterThan(20);
    expect(smtp.mails.at(-1)?.raw).toContain('http://chat.test/api/auth/email/link?token=');

    const res = await inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, code },
    });
    expect(res.statusCode).toBe(200);
    const session = SessionSchema.parse(res.json());
    expect(session.user).toMatchObject({
      kind: 'member',
      email,
      username: null,
      role: 'free_tier',
    });
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    expect(JSON.stringify(res.json())).not.toContain(cookie.value);

    const again = await inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, code },
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.json())).toMatchObject({ code: 'login_code_invalid', field: 'code' });
  });

  it('refuses a wrong code, and every code after five wrong attempts', async () => {
    const email = newEmail();
    const { code } = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, code: wrong },
      });
      expect(errorOf(res.json()).code).toBe('login_code_invalid');
    }
    const right = await inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, code },
    });
    expect(errorOf(right.json()).code).toBe('login_code_invalid');
  });

  it('names the field of a bad email with the spec message', async () => {
    for (const [email, message] of [
      ['', 'Email can not be empty'],
      ['not-an-email', 'Please enter a valid email address'],
    ]) {
      const res = await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'email' });
      expect(errorOf(res.json()).message).toContain(message);
    }
  });

  it('rate-limits sign-in mail per email and per address', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) await requestCode(email, `10.1.0.${i}`);
    const limited = await inject({
      method: 'POST',
      url: '/api/auth/email',
      payload: { email },
      remoteAddress: '10.1.0.9',
    });
    expect(limited.statusCode).toBe(429);
    const limitedError = errorOf(limited.json());
    expect(limitedError.code).toBe('rate_limited');
    expect(limitedError.details?.retryAfterSeconds).toBeGreaterThan(0);

    for (let i = 0; i < 20; i++) await requestCode(newEmail(), '10.2.0.1');
    const byAddress = await inject({
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: newEmail() },
      remoteAddress: '10.2.0.1',
    });
    expect(errorOf(byAddress.json()).code).toBe('rate_limited');
  });
});

describe('GET /api/auth/email/link', () => {
  it('signs in the browser that opens it, once', async () => {
    const email = newEmail();
    const { linkToken } = await requestCode(email);
    const url = `/api/auth/email/link?token=${encodeURIComponent(linkToken)}`;
    const res = await inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?signin=link');
    const refresh = refreshCookieOf(res).value;
    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cc_refresh: refresh },
    });
    expect(SessionSchema.parse(refreshed.json()).user.email).toBe(email);

    const reused = await inject({ method: 'GET', url });
    expect(reused.headers.location).toBe('/?signin=link-invalid');
  });
});

describe('POST /api/auth/refresh and /logout', () => {
  const refreshWith = (token: string) =>
    inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cc_refresh: token } });
  it('rotates the refresh token and revokes the family when an old one is reused', async () => {
    const { refresh } = await signIn(newEmail());
    const first = await refreshWith(refresh);
    expect(first.statusCode).toBe(200);
    const next = refreshCookieOf(first).value;
    expect(next).not.toBe(refresh);

    await ageRefreshRotation(stack, refresh);
    const reuse = await refreshWith(refresh);
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse.json()).code).toBe('sign_in_required');
    expect((await refreshWith(next)).statusCode).toBe(401);
  });

  it('lets tabs that refresh with one cookie at once all stay signed in', async () => {
    const { refresh } = await signIn(newEmail());
    const tabs = await Promise.all([1, 2, 3, 4, 5].map(() => refreshWith(refresh)));
    expect(tabs.map((t) => t.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tokens = tabs.map((t) => refreshCookieOf(t).value);
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) expect((await refreshWith(token)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, and after sign-out', async () => {
    expect((await inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const { refresh } = await signIn(newEmail());
    const out = await inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { cc_refresh: refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cc_refresh: refresh } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('members and guests', () => {
  it('answers /api/me for a member token and for a guest', async () => {
    const email = newEmail();
    const { session } = await signIn(email);
    const me = await inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(getMe.response.parse(me.json())).toMatchObject({ kind: 'member', email });
    const guest = await inject({ url: '/api/me', headers: { 'x-guest-id': newGuestId() } });
    expect(getMe.response.parse(guest.json())).toMatchObject({ kind: 'guest', email: null });
    const forged = await inject({
      url: '/api/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("gives the guest's conversations to the member who signs in from that browser", async () => {
    const guestId = newGuestId();
    const guest = await users.upsertGuest(stack.app.deps.db, guestId);
    const characterId = await createCharacter(stack.app.deps.db);
    const conversation = await conversations.create(stack.app.deps.db, {
      userId: guest.id,
      characterId,
    });
    const { session } = await signIn(newEmail(), { 'x-guest-id': guestId });
    const moved = await conversations.findById(stack.app.deps.db, conversation.id);
    expect(moved?.userId).toBe(session.user.id);
    expect(await users.findById(stack.app.deps.db, guest.id)).toBeUndefined();
    const res = await inject({
      url: `/api/conversations/${conversation.id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('authenticates a member socket and drops it when the session ends', async () => {
    const { session, refresh } = await signIn(newEmail());
    const socket = io(stack.url, {
      auth: { token: session.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await inject({ method: 'POST', url: '/api/auth/logout', cookies: { cc_refresh: refresh } });
    expect(await dropped).toBe('io server disconnect');

    const refused = io(stack.url, {
      auth: { token: 'forged' },
      transports: ['websocket'],
      reconnection: false,
    });
    const error = await new Promise<Error>((resolve) => refused.once('connect_error', resolve));
    expect(error.message).toBe('Please sign in to continue.');
    refused.close();
  });
});
