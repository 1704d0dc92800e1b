/**
 * The member's email notification settings and the unsubscribe link (issue 25 item 6): off until the
 * member opts in, changed only by the member, and turned off by the mail's link without signing in;
 * a forged or altered link is refused and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailNotificationSettingsSchema } from '#shared/api/email-notifications';
import { signUnsubscribeToken } from '#server/lib/unsubscribe-token';
import { testConfig } from '../../support/config';
import { newGuestId } from '../../support/factories';
import { errorCode, errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
// Many members sign in from one address here.
const config = testConfig({ SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000' });
const secret = config.AUTH_SECRET ?? '';
const path = '/api/me/email-notifications';
const unsubscribePath = '/api/email-notifications/unsubscribe';

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack({ ...config, SMTP_URL: smtp.url }, { workers: false });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

async function settingsOf(member: SignedInMember) {
  const res = await inject({ method: 'GET', url: path, headers: member.headers });
  expect(res.statusCode).toBe(200);
  return EmailNotificationSettingsSchema.parse(res.json());
}

async function optIn(member: SignedInMember) {
  const res = await inject({
    method: 'PATCH',
    url: path,
    headers: member.headers,
    payload: { missedReply: true },
  });
  expect(res.statusCode).toBe(200);
}

const tokenOf = (member: SignedInMember) =>
  signUnsubscribeToken(secret, { userId: member.session.user.id, kind: 'missed_reply' });

describe('GET and PATCH /api/me/email-notifications', () => {
  it('is off until the member opts in, then on, then off again', async () => {
    const member = await signInMember(stack, smtp);
    expect(await settingsOf(member)).toEqual({ missedReply: false, hasEmail: true });
    await optIn(member);
    expect(await settingsOf(member)).toEqual({ missedReply: true, hasEmail: true });
    const off = await inject({
      method: 'PATCH',
      url: path,
      headers: member.headers,
      payload: { missedReply: false },
    });
    expect(off.json()).toEqual({ missedReply: false, hasEmail: true });
  });

  it('is for members only', async () => {
    const anonymous = await inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
    const guest = await inject({
      method: 'PATCH',
      url: path,
      headers: { 'x-guest-id': newGuestId() },
      payload: { missedReply: true },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('changes only the caller: another member turning theirs on leaves the first one off', async () => {
    const first = await signInMember(stack, smtp);
    const second = await signInMember(stack, smtp);
    await optIn(second);
    expect((await settingsOf(first)).missedReply).toBe(false);
    // A user id in the body is not something the contract reads: refused, nothing stored.
    const res = await inject({
      method: 'PATCH',
      url: path,
      headers: second.headers,
      payload: { missedReply: false, userId: first.session.user.id },
    });
    expect(res.statusCode).toBe(400);
    expect((await settingsOf(second)).missedReply).toBe(true);
  });

  it('refuses wrong types, unknown kinds and NUL bytes with validation_failed, storing nothing', async () => {
    const member = await signInMember(stack, smtp);
    for (const payload of [
      { missedReply: 'yes' },
      { missedReply: 1 },
      { missedReply: null },
      { everything: true },
      { 'missedReply\u0000': true },
      [true],
    ]) {
      const res = await inject({ method: 'PATCH', url: path, headers: member.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(res.json())).toBe('validation_failed');
    }
    expect((await settingsOf(member)).missedReply).toBe(false);
  });

  it('holds under many members opting in at once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => signInMember(stack, smtp)));
    await Promise.all(members.map((m, i) => (i % 2 === 0 ? optIn(m) : Promise.resolve())));
    const settings = await Promise.all(members.map(settingsOf));
    expect(settings.map((s) => s.missedReply)).toEqual(members.map((_, i) => i % 2 === 0));
  });
});

describe('the unsubscribe link', () => {
  it('says what it turns off, without signing in', async () => {
    const member = await signInMember(stack, smtp);
    const res = await inject({
      method: 'GET',
      url: `${unsubscribePath}?token=${encodeURIComponent(tokenOf(member))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'missed_reply', brandName: 'CharChat' });
  });

  it('turns the kind off without signing in, and a second click answers the same', async () => {
    const member = await signInMember(stack, smtp);
    await optIn(member);
    const url = `${unsubscribePath}?token=${encodeURIComponent(tokenOf(member))}`;
    for (let i = 0; i < 2; i += 1) {
      const res = await inject({ method: 'POST', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ kind: 'missed_reply', brandName: 'CharChat' });
    }
    expect((await settingsOf(member)).missedReply).toBe(false);
  });

  it("takes a mail client's one-click post (RFC 8058)", async () => {
    const member = await signInMember(stack, smtp);
    await optIn(member);
    const res = await inject({
      method: 'POST',
      url: `${unsubscribePath}?token=${encodeURIComponent(tokenOf(member))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await settingsOf(member)).missedReply).toBe(false);
  });

  it('refuses a forged or altered link with unsubscribe_link_invalid and changes nothing', async () => {
    const victim = await signInMember(stack, smtp);
    const attacker = await signInMember(stack, smtp);
    await optIn(victim);
    // The attacker's own valid token with the victim's id put in its place.
    const [version, , kind, mac] = tokenOf(attacker).split('.');
    const swapped = [version, victim.session.user.id, kind, mac].join('.');
    const forged = signUnsubscribeToken('not-the-server-secret-but-32-chars-long', {
      userId: victim.session.user.id,
      kind: 'missed_reply',
    });
    for (const token of [swapped, forged, `${tokenOf(victim)}x`, 'u1.x.y.z', randomUUID()]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await inject({
          method,
          url: `${unsubscribePath}?token=${encodeURIComponent(token)}`,
        });
        expect(res.statusCode, token).toBe(400);
        expect(errorOf(res.json())).toMatchObject({
          code: 'unsubscribe_link_invalid',
          field: 'token',
        });
      }
    }
    expect((await settingsOf(victim)).missedReply).toBe(true);
  });

  it('refuses a missing, oversize or NUL-byte token with validation_failed', async () => {
    for (const url of [
      unsubscribePath,
      `${unsubscribePath}?token=`,
      `${unsubscribePath}?token=${'a'.repeat(5000)}`,
    ]) {
      const res = await inject({ method: 'POST', url });
      expect(res.statusCode, url.slice(0, 80)).toBe(400);
      expect(errorCode(res.json())).toBe('validation_failed');
    }
    const nul = await inject({ method: 'POST', url: `${unsubscribePath}?token=u1%00abc` });
    expect(nul.statusCode).toBe(400);
  });
});
