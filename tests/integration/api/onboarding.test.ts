import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkUsername,
  completeOnboarding,
  confirmEmailChange,
  setInterests,
} from '#shared/api/account';
import { getMe } from '#shared/api/auth';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember } from '../../support/members';
import { codeIn, signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

const member = async () => (await signInMember(stack, smtp)).headers;

const agreements = { isAdult: true, acceptsTerms: true, acceptsGuidelines: true };
const uniqueName = () => `u_${randomUUID().slice(0, 8)}`;

describe('PUT /api/me/onboarding', () => {
  it('records username, name and agreements, and the username is then taken', async () => {
    const headers = await member();
    const username = uniqueName();
    const free = await inject({
      url: `/api/users/username-available?username=${username.toUpperCase()}`,
    });
    expect(checkUsername.response.parse(free.json())).toEqual({ isAvailable: true });

    const res = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers,
      payload: { username: username.toUpperCase(), name: 'Star Gazer', ...agreements },
    });
    expect(res.statusCode).toBe(200);
    expect(completeOnboarding.response.parse(res.json())).toMatchObject({
      username,
      name: 'Star Gazer',
    });
    const taken = await inject({ url: `/api/users/username-available?username=${username}` });
    expect(checkUsername.response.parse(taken.json())).toEqual({ isAvailable: false });

    const other = await member();
    const clash = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers: other,
      payload: { username, name: 'Another', ...agreements },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash.json())).toMatchObject({
      code: 'username_taken',
      field: 'username',
      message: 'Username is not available',
    });
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username is too short'],
    [{ username: 'Admin' }, 'username', 'Username not available'],
    [{ username: 'support' }, 'username', 'Username not available'],
    [{ name: 'Al' }, 'name', 'At least 3 characters required'],
    [{ isAdult: false }, 'isAdult', 'You must confirm that you are 18 years or older.'],
    [{ acceptsTerms: false }, 'acceptsTerms', 'You must agree with the terms and conditions.'],
  ])('names the field of bad input %j', async (change, field, message) => {
    const headers = await member();
    const res = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers,
      payload: { username: uniqueName(), name: 'Valid Name', ...agreements, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    expect(errorOf(res.json()).message).toContain(message);
  });

  it('keeps nothing of a refused submission: the username stays free', async () => {
    const headers = await member();
    const username = uniqueName();
    const res = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers,
      payload: { username, name: 'Al', ...agreements },
    });
    expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'name' });
    const free = await inject({ url: `/api/users/username-available?username=${username}` });
    expect(checkUsername.response.parse(free.json())).toEqual({ isAvailable: true });
    expect(getMe.response.parse((await inject({ url: '/api/me', headers })).json()).username).toBe(
      null,
    );
  });

  it("never attaches an email typed there: the owner's later sign-in lands in their own account", async () => {
    const attacker = await signInMember(stack, smtp);
    const victim = `victim-${randomUUID()}@example.com`;
    const res = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers: attacker.headers,
      payload: { username: uniqueName(), name: 'Mallory', email: victim, ...agreements },
    });
    expect(res.statusCode).toBe(200);
    expect(completeOnboarding.response.parse(res.json()).email).toBe(attacker.email);

    const owner = await signInMember(stack, smtp, victim);
    expect(owner.session.user).toMatchObject({ email: victim, username: null });
    expect(owner.session.user.id).not.toBe(attacker.session.user.id);
    const attackerMe = await inject({ url: '/api/me', headers: attacker.headers });
    expect(getMe.response.parse(attackerMe.json()).email).toBe(attacker.email);
  });

  it('answers a reserved name as bad input before looking it up', async () => {
    const res = await inject({ url: '/api/users/username-available?username=moderator' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({
      code: 'validation_failed',
      field: 'username',
      message: 'Username not available',
    });
  });

  it('is for members only', async () => {
    const res = await inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers: { 'x-guest-id': randomUUID() },
      payload: { username: uniqueName(), name: 'Guest', ...agreements },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/me/interests', () => {
  it('keeps each interest once', async () => {
    const headers = await member();
    const res = await inject({
      method: 'PUT',
      url: '/api/me/interests',
      headers,
      payload: { interests: ['female', 'non_binary', 'female'] },
    });
    expect(setInterests.response.parse(res.json())).toEqual({
      interests: ['female', 'non_binary'],
    });
  });
});

describe('POST /api/me/email and /verify', () => {
  it('confirms a new email with the code sent to it', async () => {
    const headers = await member();
    const email = `moved-${randomUUID()}@example.com`;
    const sent = await inject({
      method: 'POST',
      url: '/api/me/email',
      headers,
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    const code = codeIn(await smtp.nextMailTo(email));
    const wrong = await inject({
      method: 'POST',
      url: '/api/me/email/verify',
      headers,
      payload: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(errorOf(wrong.json())).toMatchObject({ code: 'login_code_invalid', field: 'code' });
    const res = await inject({
      method: 'POST',
      url: '/api/me/email/verify',
      headers,
      payload: { email, code },
    });
    expect(confirmEmailChange.response.parse(res.json())).toEqual({ email });
    const me = await inject({ url: '/api/me', headers });
    expect(getMe.response.parse(me.json()).email).toBe(email);
  });

  it('does not let another member confirm an email with the code sent for someone else', async () => {
    const asker = await member();
    const other = await member();
    const email = `wanted-${randomUUID()}@example.com`;
    await inject({ method: 'POST', url: '/api/me/email', headers: asker, payload: { email } });
    const code = codeIn(await smtp.nextMailTo(email));
    const stolen = await inject({
      method: 'POST',
      url: '/api/me/email/verify',
      headers: other,
      payload: { email, code },
    });
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen.json())).toMatchObject({ code: 'login_code_invalid', field: 'code' });
    const otherMe = await inject({ url: '/api/me', headers: other });
    expect(getMe.response.parse(otherMe.json()).email).not.toBe(email);
  });

  it("refuses another member's email", async () => {
    const owner = `owner-${randomUUID()}@example.com`;
    await inject({ method: 'POST', url: '/api/auth/email', payload: { email: owner } });
    const { code } = signInSecrets(await smtp.nextMailTo(owner));
    await inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email: owner, code },
    });
    const headers = await member();
    const res = await inject({
      method: 'POST',
      url: '/api/me/email',
      headers,
      payload: { email: owner },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json())).toMatchObject({ code: 'email_taken', field: 'email' });
  });
});
