/**
 * Admin basics and account restrictions on the real stack: role changes and restrictions are admin-only
 * and audited; Terminated and held members cannot chat over REST or the socket (even one already
 * open), Restricted members can chat but not create, and lifting a restriction restores chat.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserSchema, getAdminUser, searchUsers } from '#shared/api/admin';
import { getMe, SessionSchema } from '#shared/api/auth';
import { RestrictionSchema } from '#shared/schemas/restriction';
import * as auditLog from '#server/db/repositories/audit-log.repo';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as users from '#server/db/repositories/users.repo';
import { resolveCaller } from '#server/services/identity.service';
import { assertMayCreate } from '#server/services/restrictions.service';
import { AppError } from '#server/lib/errors';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type ClientSocket, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let adminToken: string;
let adminId: string;
let adminEmail: string;
let characterId: string;
const sockets: ClientSocket[] = [];

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const newEmail = () => `user-${randomUUID()}@example.com`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string) {
  const sent = await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
  expect(sent.statusCode).toBe(200);
  const { code } = signInSecrets(await smtp.nextMailTo(email));
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
  });
  expect(res.statusCode).toBe(200);
  const refresh = res.cookies.find((c) => c.name === 'cc_refresh')?.value ?? '';
  return { session: SessionSchema.parse(res.json()), refresh };
}

async function connectMember(token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(stack.url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Starts a new conversation with a message; answers the ack. */
function send(socket: ClientSocket) {
  return socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: 'Hello there',
  });
}

async function restrict(userId: string, body: Record<string, unknown>, token = adminToken) {
  return inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/restrictions`,
    headers: bearer(token),
    payload: body,
  });
}

async function lift(userId: string, restrictionId: string) {
  return inject({
    method: 'DELETE',
    url: `/api/admin/users/${userId}/restrictions/${restrictionId}`,
    headers: bearer(adminToken),
  });
}

async function me(token: string) {
  return getMe.response.parse((await inject({ url: '/api/me', headers: bearer(token) })).json());
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  // The first admin is made directly in the database; the role reaches the token at sign-in.
  const email = newEmail();
  const admin = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, admin.id, 'admin');
  const { session } = await signIn(email);
  expect(session.user.role).toBe('admin');
  adminToken = session.accessToken;
  adminId = admin.id;
  adminEmail = email;
  characterId = await createCharacter(stack.app.deps.db);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack.close();
  await smtp.close();
});

describe('admin routes', () => {
  it('refuse members, guests and anonymous callers', async () => {
    const { session } = await signIn(newEmail());
    const target = session.user.id;
    const attempts: InjectOptions[] = [
      { url: '/api/admin/users?query=user' },
      { url: `/api/admin/users/${target}` },
      { method: 'PUT', url: `/api/admin/users/${target}/role`, payload: { role: 'admin' } },
      {
        method: 'POST',
        url: `/api/admin/users/${target}/restrictions`,
        payload: { type: 'shadowban', reason: 'x' },
      },
      { method: 'DELETE', url: `/api/admin/users/${target}/restrictions/${randomUUID()}` },
    ];
    for (const attempt of attempts) {
      const asMember = await inject({ ...attempt, headers: bearer(session.accessToken) });
      expect(asMember.statusCode).toBe(403);
      expect(errorOf(asMember.json()).code).toBe('forbidden');
      const asGuest = await inject({ ...attempt, headers: { 'x-guest-id': newGuestId() } });
      expect(errorOf(asGuest.json()).code).toBe('forbidden');
      const anonymous = await inject(attempt);
      expect(errorOf(anonymous.json()).code).toBe('sign_in_required');
    }
    expect((await me(session.accessToken)).role).toBe('free_tier');
  });

  it('find a member by email, exactly or by its start', async () => {
    const email = newEmail();
    const { session } = await signIn(email);
    for (const query of [email.toUpperCase(), email.slice(0, 20)]) {
      const res = await inject({
        url: `/api/admin/users?query=${encodeURIComponent(query)}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      const { items } = searchUsers.response.parse(res.json());
      expect(items.find((u) => u.id === session.user.id)).toMatchObject({
        email,
        kind: 'member',
        role: 'free_tier',
        restrictions: [],
      });
    }
    const none = await inject({
      url: `/api/admin/users?query=${encodeURIComponent(`${randomUUID()}@nowhere`)}`,
      headers: bearer(adminToken),
    });
    expect(searchUsers.response.parse(none.json()).items).toEqual([]);
  });

  it('find a member by id', async () => {
    const { session } = await signIn(newEmail());
    const res = await inject({
      url: `/api/admin/users?query=${session.user.id.toUpperCase()}`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const { items } = searchUsers.response.parse(res.json());
    expect(items[0]?.id).toBe(session.user.id);
  });

  it('show one member with active restrictions and the audit trail, oldest first', async () => {
    const { session } = await signIn(newEmail());
    const id = session.user.id;
    const detail = async () => {
      const res = await inject({ url: `/api/admin/users/${id}`, headers: bearer(adminToken) });
      expect(res.statusCode).toBe(200);
      return getAdminUser.response.parse(res.json());
    };
    expect(await detail()).toMatchObject({ id, role: 'free_tier', restrictions: [], audit: [] });

    await inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/role`,
      headers: bearer(adminToken),
      payload: { role: 'paid_basic' },
    });
    const hold = RestrictionSchema.parse(
      (
        await restrict(id, {
          type: 'restriction_full_time',
          reason: 'cool off',
          expiresAt: inAnHour(),
        })
      ).json(),
    );
    const held = await detail();
    expect(held.role).toBe('paid_basic');
    expect(held.restrictions.map((r) => r.id)).toEqual([hold.id]);
    expect(held.audit.map((e) => e.action)).toEqual(['user.role_changed', 'restriction.set']);
    expect(held.audit[0]).toMatchObject({
      actorUserId: adminId,
      details: { from: 'free_tier', to: 'paid_basic' },
    });

    await lift(id, hold.id);
    const lifted = await detail();
    expect(lifted.restrictions).toEqual([]);
    expect(lifted.audit.map((e) => e.action)).toEqual([
      'user.role_changed',
      'restriction.set',
      'restriction.lifted',
    ]);

    const unknown = await inject({
      url: `/api/admin/users/${randomUUID()}`,
      headers: bearer(adminToken),
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).code).toBe('user_not_found');
  });

  it('change a role, audited, reaching the token at the next refresh', async () => {
    const { session, refresh } = await signIn(newEmail());
    const res = await inject({
      method: 'PUT',
      url: `/api/admin/users/${session.user.id}/role`,
      headers: bearer(adminToken),
      payload: { role: 'paid_premium' },
    });
    expect(res.statusCode).toBe(200);
    expect(AdminUserSchema.parse(res.json()).role).toBe('paid_premium');

    const shown = await me(session.accessToken);
    expect(shown.role).toBe('paid_premium');
    expect(shown.permissions).toContain('text_to_speech');
    expect(shown.permissions).not.toContain('display_ads');
    // Of the tier's flags conversation images, their V2 styles, generation settings and translation are
    // built (lorebooks and group chats are on for everyone); 8k_context and the rest are not reported.
    expect(shown.featureFlags).toEqual([
      'avatar_images_v2',
      'conversation_images',
      'generation_settings',
      'character_translate_public',
      'lorebook',
      'groupchat',
      'leaderboard',
    ]);

    const refreshed = await inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cc_refresh: refresh },
    });
    expect(SessionSchema.parse(refreshed.json()).user.role).toBe('paid_premium');

    const entries = await auditLog.listForTarget(stack.app.deps.db, session.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: adminId,
      action: 'user.role_changed',
      details: { from: 'free_tier', to: 'paid_premium' },
    });

    const unknown = await inject({
      method: 'PUT',
      url: `/api/admin/users/${randomUUID()}/role`,
      headers: bearer(adminToken),
      payload: { role: 'paid_basic' },
    });
    expect(errorOf(unknown.json()).code).toBe('user_not_found');
  });

  it('validate restriction input', async () => {
    const { session } = await signIn(newEmail());
    const id = session.user.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'restriction_full_time', reason: 'spam' }, 'expiresAt'],
      [{ type: 'restriction_full', reason: 'spam', expiresAt: inAnHour() }, 'expiresAt'],
      [
        {
          type: 'restriction_full_time',
          reason: 'spam',
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
        'expiresAt',
      ],
      [{ type: 'restriction_full', reason: '  ' }, 'reason'],
      [{ type: 'ban', reason: 'spam' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const res = await restrict(id, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    const missing = await lift(id, randomUUID());
    expect(errorOf(missing.json()).code).toBe('restriction_not_found');
    expect(await auditLog.listForTarget(stack.app.deps.db, id)).toEqual([]);
  });
});

describe('account restrictions', () => {
  it('a temporary hold refuses chat on an open socket and over REST; lifting restores it', async () => {
    const { session } = await signIn(newEmail());
    const id = session.user.id;
    const conversation = await conversations.create(stack.app.deps.db, { userId: id, characterId });
    const socket = await connectMember(session.accessToken);
    expect((await send(socket)).ok).toBe(true);

    const expiresAt = inAnHour();
    // The member's open socket is told at once, so their tab shows the hold, and later its end.
    const toldOfHold = new Promise((resolve) => socket.once('account:changed', resolve));
    const set = await restrict(id, {
      type: 'restriction_full_time',
      reason: 'cool off',
      expiresAt,
    });
    expect(set.statusCode).toBe(200);
    const hold = RestrictionSchema.parse(set.json());
    expect(hold).toMatchObject({ userId: id, type: 'restriction_full_time', createdBy: adminId });
    await toldOfHold;

    const refused = await send(socket);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('account_on_hold');
    expect(Date.parse(String(refused.error.details?.expiresAt))).toBe(Date.parse(expiresAt));
    const retry = await socket.emitWithAck('generation:retry', {
      conversationId: conversation.id,
    });
    expect(retry.ok ? null : retry.error.code).toBe('account_on_hold');

    for (const url of [
      `/api/conversations/${conversation.id}`,
      `/api/conversations/${conversation.id}/messages`,
      '/api/conversations',
    ]) {
      const res = await inject({ url, headers: bearer(session.accessToken) });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.json()).code).toBe('account_on_hold');
    }

    const held = await me(session.accessToken);
    expect(held.restriction).toEqual({
      type: 'restriction_full_time',
      reason: 'cool off',
      expiresAt: hold.expiresAt,
    });
    expect(held.permissions).toContain('restriction_temporary');
    expect(held.permissions).not.toContain('view_chats');

    const toldOfLift = new Promise((resolve) => socket.once('account:changed', resolve));
    const lifted = await lift(id, hold.id);
    await toldOfLift;
    expect(lifted.statusCode).toBe(200);
    expect(RestrictionSchema.parse(lifted.json())).toMatchObject({ liftedBy: adminId });
    expect((await send(socket)).ok).toBe(true);
    const read = await inject({
      url: `/api/conversations/${conversation.id}`,
      headers: bearer(session.accessToken),
    });
    expect(read.statusCode).toBe(200);
    expect((await me(session.accessToken)).restriction).toBeNull();

    const entries = await auditLog.listForTarget(stack.app.deps.db, id);
    expect(entries.map((e) => e.action)).toEqual(['restriction.set', 'restriction.lifted']);
    expect(entries.every((e) => e.actorUserId === adminId)).toBe(true);
    // The admin is named (by username, else name, else email; this one has only an email).
    expect(entries.every((e) => e.actorName === adminEmail)).toBe(true);
    expect(entries[0]?.details).toMatchObject({ restrictionId: hold.id, reason: 'cool off' });
  });

  it('a termination refuses chat, also on a socket opened afterwards', async () => {
    const { session } = await signIn(newEmail());
    const id = session.user.id;
    const set = await restrict(id, { type: 'restriction_full', reason: 'abuse' });
    expect(RestrictionSchema.parse(set.json()).expiresAt).toBeNull();

    const socket = await connectMember(session.accessToken);
    const refused = await send(socket);
    expect(refused.ok ? null : refused.error.code).toBe('account_terminated');
    const list = await inject({ url: '/api/conversations', headers: bearer(session.accessToken) });
    expect(errorOf(list.json()).code).toBe('account_terminated');

    const shown = await me(session.accessToken);
    expect(shown.restriction).toEqual({
      type: 'restriction_full',
      reason: 'abuse',
      expiresAt: null,
    });
    expect(shown.permissions).toContain('restriction_complete');

    const caller = await resolveCaller(stack.app.deps, {
      token: session.accessToken,
      guestId: null,
      ip: '127.0.0.1',
    });
    expect(codeOf(() => assertMayCreate(caller))).toBe('account_terminated');
  });

  it('a Restricted member still chats but may not create', async () => {
    const { session } = await signIn(newEmail());
    const id = session.user.id;
    const before = await resolveCaller(stack.app.deps, {
      token: session.accessToken,
      guestId: null,
      ip: '127.0.0.1',
    });
    expect(codeOf(() => assertMayCreate(before))).toBeNull();

    expect(
      (await restrict(id, { type: 'restriction_limited', reason: 'bad uploads' })).statusCode,
    ).toBe(200);
    const socket = await connectMember(session.accessToken);
    expect((await send(socket)).ok).toBe(true);
    const list = await inject({ url: '/api/conversations', headers: bearer(session.accessToken) });
    expect(list.statusCode).toBe(200);

    const after = await resolveCaller(stack.app.deps, {
      token: session.accessToken,
      guestId: null,
      ip: '127.0.0.1',
    });
    expect(codeOf(() => assertMayCreate(after))).toBe('account_restricted');
    const shown = await me(session.accessToken);
    expect(shown.restriction).toEqual({
      type: 'restriction_limited',
      reason: 'bad uploads',
      expiresAt: null,
    });
    expect(shown.permissions).toContain('limited_access');
    expect(shown.permissions).not.toContain('create_character');
  });

  it('a shadowban shows its banner state and leaves chat alone', async () => {
    const { session } = await signIn(newEmail());
    await restrict(session.user.id, { type: 'shadowban', reason: 'spam', expiresAt: inAnHour() });
    const socket = await connectMember(session.accessToken);
    expect((await send(socket)).ok).toBe(true);
    const shown = await me(session.accessToken);
    expect(shown.restriction?.type).toBe('shadowban');
    expect(shown.permissions).toContain('temporary_shadowban');
  });

  it('refuses creating to guests', async () => {
    const guest = await resolveCaller(stack.app.deps, { guestId: newGuestId(), ip: '127.0.0.1' });
    expect(codeOf(() => assertMayCreate(guest))).toBe('sign_in_required');
  });
});

/** The AppError code a call throws, or null when it does not throw. */
function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
