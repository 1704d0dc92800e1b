/**
 * Access tokens are only as good as their session and their holder's stored rights: a signed-out or
 * deleted session's token is refused by REST and the socket handshake before it expires, a token
 * without an expiry is refused, and admin rights follow the stored role and restrictions, not the
 * token's claim.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import { ageRefreshRotation, signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type ClientSocket, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => inject({ url: '/api/me', headers: bearer(token) });

/** Connects a socket with the token; answers null once connected, else the refusal's error code. */
async function handshake(token: string): Promise<string | null> {
  const socket: ClientSocket = io(stack.url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      resolve(null);
    });
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) => {
      resolve(err.data?.code ?? err.message);
    });
  });
}

const signOut = (member: SignedInMember) =>
  inject({ method: 'POST', url: '/api/auth/logout', cookies: { cc_refresh: member.refresh } });

describe('ending a session', () => {
  it('refuses its access token on REST and at the socket handshake after sign-out', async () => {
    const member = await signInMember(stack, smtp);
    const token = member.session.accessToken;
    expect((await me(token)).statusCode).toBe(200);
    expect(await handshake(token)).toBeNull();

    expect((await signOut(member)).statusCode).toBe(200);
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(errorCode(refused.json())).toBe('sign_in_required');
    expect(await handshake(token)).toBe('sign_in_required');
  });

  it("leaves other sessions alone: one member's sign-out ends neither their other device nor anyone else", async () => {
    const member = await signInMember(stack, smtp);
    const otherDevice = await signInMember(stack, smtp, member.email);
    const someoneElse = await signInMember(stack, smtp);
    await signOut(member);
    expect((await me(otherDevice.session.accessToken)).statusCode).toBe(200);
    expect((await me(someoneElse.session.accessToken)).statusCode).toBe(200);
    expect(await handshake(someoneElse.session.accessToken)).toBeNull();
  });

  it('ends every session of a deleted account, on every device', async () => {
    const member = await signInMember(stack, smtp);
    const otherDevice = await signInMember(stack, smtp, member.email);
    const deleted = await inject({
      method: 'DELETE',
      url: '/api/me',
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(200);
    for (const token of [member.session.accessToken, otherDevice.session.accessToken]) {
      // A route that reads no user row: the token itself must be refused.
      const waiting = await inject({ url: '/api/waiting-room', headers: bearer(token) });
      expect(waiting.statusCode).toBe(401);
      expect(await handshake(token)).toBe('sign_in_required');
    }
  });

  it('ends the access tokens of a family whose refresh token was presented twice', async () => {
    const member = await signInMember(stack, smtp);
    const refresh = () =>
      inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cc_refresh: member.refresh } });
    expect((await refresh()).statusCode).toBe(200);
    await ageRefreshRotation(stack, member.refresh);
    expect((await refresh()).statusCode).toBe(401);
    expect((await me(member.session.accessToken)).statusCode).toBe(401);
  });

  it('changes nothing for a sign-out with an unknown refresh cookie', async () => {
    const member = await signInMember(stack, smtp);
    const res = await inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { cc_refresh: 'not-a-refresh-token' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(member.session.accessToken)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const claimsOf = (member: SignedInMember) => ({
    sid: randomUUID(),
    role: member.session.user.role,
  });
  const sign = (claims: Record<string, unknown>, subject: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .sign(new TextEncoder().encode(stack.app.deps.secret));

  it('refuses a correctly signed token without an expiry, on REST and the socket', async () => {
    const member = await signInMember(stack, smtp);
    const token = await sign(claimsOf(member), member.session.user.id);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(errorCode(res.json())).toBe('sign_in_required');
    expect(await handshake(token)).toBe('sign_in_required');
  });

  it('accepts the same token with an expiry, so the refusal is about the expiry', async () => {
    const member = await signInMember(stack, smtp);
    const token = await new SignJWT(claimsOf(member))
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.session.user.id)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(stack.app.deps.secret));
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('admin rights', () => {
  async function signedInAdmin(): Promise<SignedInMember> {
    const email = `admin-${randomUUID()}@example.com`;
    const user = await users.upsertMemberByEmail(stack.app.deps.db, email);
    await users.setRole(stack.app.deps.db, user.id, 'admin');
    const admin = await signInMember(stack, smtp, email);
    expect(admin.session.user.role).toBe('admin');
    return admin;
  }
  const search = (admin: SignedInMember) =>
    inject({ url: '/api/admin/users?query=admin', headers: admin.headers });

  it("refuses a demoted admin's still-valid token", async () => {
    const admin = await signedInAdmin();
    expect((await search(admin)).statusCode).toBe(200);
    await users.setRole(stack.app.deps.db, admin.session.user.id, 'free_tier');
    const res = await search(admin);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.json())).toBe('forbidden');
  });

  it('refuses a Terminated admin', async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const terminated = await inject({
      method: 'POST',
      url: `/api/admin/users/${admin.session.user.id}/restrictions`,
      headers: other.headers,
      payload: { type: 'restriction_full', reason: 'Compromised account' },
    });
    expect(terminated.statusCode).toBe(200);
    expect((await search(admin)).statusCode).toBe(403);
    expect((await search(other)).statusCode).toBe(200);
  });

  it('closes the queue dashboard to a demoted admin and after sign-out', async () => {
    const open = async (admin: SignedInMember) => {
      const res = await inject({
        method: 'POST',
        url: '/api/admin/queue-board',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'cc_queue_board');
      return { cc_queue_board: cookie?.value ?? '' };
    };
    const board = (cookies: Record<string, string>) =>
      inject({ url: '/admin/queues/api/queues', cookies });

    const demoted = await signedInAdmin();
    const demotedCookie = await open(demoted);
    expect((await board(demotedCookie)).statusCode).toBe(200);
    await users.setRole(stack.app.deps.db, demoted.session.user.id, 'paid_basic');
    expect((await board(demotedCookie)).statusCode).toBe(403);

    const signedOut = await signedInAdmin();
    const signedOutCookie = await open(signedOut);
    expect((await board(signedOutCookie)).statusCode).toBe(200);
    await signOut(signedOut);
    expect((await board(signedOutCookie)).statusCode).toBe(403);
  });
});
