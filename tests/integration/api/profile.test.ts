import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { getProfile, updateProfile, uploadAvatar } from '#shared/api/profile';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as restrictions from '#server/db/repositories/restrictions.repo';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
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

const member = () => signInMember(stack, smtp);

describe('/api/me/profile', () => {
  it('saves settings and keeps the OpenAI key encrypted, never sending it back whole', async () => {
    const { session, headers, email } = await member();
    const key = 'sk-test-1234567890abcdefWXYZ';
    const res = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers,
      payload: {
        name: 'Nova',
        highlights: 'Loves space operas.',
        openaiApiKey: key,
        openaiMode: 'hybrid',
        showNsfw: true,
        blurNsfw: false,
        chatLanguage: 'es',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(key);
    expect(updateProfile.response.parse(res.json())).toEqual({
      username: null,
      email,
      name: 'Nova',
      highlights: 'Loves space operas.',
      avatarUrl: null,
      hasOpenaiApiKey: true,
      openaiApiKeyHint: 'WXYZ',
      openaiMode: 'hybrid',
      showNsfw: true,
      blurNsfw: false,
      chatLanguage: 'es',
    });
    const row = await users.findById(stack.app.deps.db, session.user.id);
    expect(row?.openaiApiKeyEncrypted).toBeTruthy();
    expect(row?.openaiApiKeyEncrypted).not.toContain(key);

    const removed = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers,
      payload: { openaiApiKey: null },
    });
    expect(getProfile.response.parse(removed.json())).toMatchObject({
      hasOpenaiApiKey: false,
      openaiApiKeyHint: null,
      openaiMode: 'disabled',
    });
  });

  it.each([
    [{ name: 'Al' }, 'name'],
    [{ name: 'x'.repeat(21) }, 'name'],
    [{ highlights: 'x'.repeat(1001) }, 'highlights'],
    [{ openaiApiKey: 'k'.repeat(201) }, 'openaiApiKey'],
    [{ openaiMode: 'enabled' }, 'openaiMode'],
    [{ username: 'ab' }, 'username'],
    [{ username: 'Admin' }, 'username'],
  ])('names the field of bad input %j', async (payload, field) => {
    const { headers } = await member();
    const res = await inject({ method: 'PATCH', url: '/api/me/profile', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
  });

  it('changes the username, lowercased, and refuses one another member holds', async () => {
    const first = await member();
    const second = await member();
    const wanted = `N_${randomUUID().slice(0, 8)}`;
    const res = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: first.headers,
      payload: { username: wanted },
    });
    expect(res.statusCode).toBe(200);
    expect(updateProfile.response.parse(res.json())).toMatchObject({
      username: wanted.toLowerCase(),
      email: first.email,
    });
    const shown = await inject({ url: '/api/me/profile', headers: first.headers });
    expect(getProfile.response.parse(shown.json()).username).toBe(wanted.toLowerCase());

    const clash = await inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: second.headers,
      payload: { username: wanted.toLowerCase(), name: 'Second' },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash.json())).toMatchObject({ code: 'username_taken', field: 'username' });
    const unchanged = await inject({ url: '/api/me/profile', headers: second.headers });
    expect(getProfile.response.parse(unchanged.json())).toMatchObject({
      username: null,
      name: null,
    });
  });

  it('is for members only', async () => {
    const res = await inject({ url: '/api/me/profile', headers: { 'x-guest-id': randomUUID() } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/me/avatar', () => {
  function multipart(field: string, filename: string, type: string, content: Buffer) {
    const boundary = `----charchat${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('stores the image as a 256 px square WebP and shows it on the profile', async () => {
    const { headers } = await member();
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    const body = multipart('avatar', 'me.png', 'image/png', png);
    const res = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = uploadAvatar.response.parse(res.json());
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const image = await inject({ url: avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 256,
      height: 256,
      format: 'webp',
    });
    const profile = getProfile.response.parse(
      (await inject({ url: '/api/me/profile', headers })).json(),
    );
    expect(profile.avatarUrl).toBe(avatarUrl);
  });

  it('refuses a file that is not an image, and guests', async () => {
    const { headers } = await member();
    const text = multipart('avatar', 'me.png', 'image/png', Buffer.from('not really a png'));
    const bad = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: text.payload,
      headers: { ...headers, ...text.headers },
    });
    expect(errorOf(bad.json())).toMatchObject({ code: 'validation_failed', field: 'avatar' });
    const pdf = multipart('avatar', 'me.pdf', 'application/pdf', Buffer.from('%PDF'));
    const wrongType = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: pdf.payload,
      headers: { ...headers, ...pdf.headers },
    });
    expect(errorOf(wrongType.json())).toMatchObject({ code: 'validation_failed', field: 'avatar' });
    const guest = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      payload: text.payload,
      headers: { 'x-guest-id': randomUUID(), ...text.headers },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('removes the account with its chats and sessions', async () => {
    const { session, refresh, headers } = await member();
    const characterId = await createCharacter(stack.app.deps.db);
    const conversation = await conversations.create(stack.app.deps.db, {
      userId: session.user.id,
      characterId,
    });
    const res = await inject({
      method: 'DELETE',
      url: '/api/me',
      headers,
      cookies: { cc_refresh: refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(await users.findById(stack.app.deps.db, session.user.id)).toBeUndefined();
    expect(await conversations.findById(stack.app.deps.db, conversation.id)).toBeUndefined();
    const again = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cc_refresh: refresh },
    });
    expect(again.statusCode).toBe(401);
  });

  it('keeps a restriction for the email, so signing up again brings it back', async () => {
    const db = stack.app.deps.db;
    const first = await member();
    const until = new Date(Date.now() + 3_600_000);
    const admin = await users.insertMember(db, 'Admin');
    await restrictions.insert(db, {
      userId: first.session.user.id,
      type: 'restriction_limited',
      reason: 'Spam bots',
      createdBy: admin.id,
      expiresAt: until,
    });
    const deleted = await inject({ method: 'DELETE', url: '/api/me', headers: first.headers });
    expect(deleted.statusCode).toBe(200);
    // Nothing of the address stays in the clear.
    const kept = await db.selectFrom('carried_restrictions').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(first.email);

    const again = await signInMember(stack, smtp, first.email);
    expect(again.session.user.id).not.toBe(first.session.user.id);
    const active = await restrictions.listActiveForUser(db, again.session.user.id);
    expect(active).toMatchObject([{ type: 'restriction_limited', reason: 'Spam bots' }]);
    expect(active[0]?.expiresAt).toBe(until.toISOString());

    // Given back once: a later sign-in adds nothing more.
    await signInMember(stack, smtp, first.email);
    expect(await restrictions.listActiveForUser(db, again.session.user.id)).toHaveLength(1);
  });

  it('keeps nothing for a member without restrictions', async () => {
    const { email, session, headers } = await member();
    await inject({ method: 'DELETE', url: '/api/me', headers });
    const back = await signInMember(stack, smtp, email);
    expect(back.session.user.id).not.toBe(session.user.id);
    expect(await restrictions.listActiveForUser(stack.app.deps.db, back.session.user.id)).toEqual(
      [],
    );
  });
});
