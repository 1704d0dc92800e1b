/**
 * Who the client is behind a proxy: X-Forwarded-For counts only when TRUST_PROXY names the peer that
 * sent it, so a client cannot give itself a fresh per-address limit (here the sign-in mail limit).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app';
import { testConfig } from '../../support/config';
import { newGuestId } from '../../support/factories';
import { connectGuest, startStack, type Stack } from '../../support/stack';

const apps: App[] = [];
const stacks: Stack[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.fastify.close()));
  await Promise.all(stacks.map((stack) => stack.close()));
});

async function appWith(overrides: Record<string, string>): Promise<App> {
  const app = await buildApp(testConfig({ SIGN_IN_MAILS_PER_IP_PER_HOUR: '2', ...overrides }));
  apps.push(app);
  return app;
}

/** Asks for a sign-in mail once per forwarded address; answers the statuses. */
async function askFor(app: App, remoteAddress: string, forwardedFor: string[]) {
  const statuses: number[] = [];
  for (const address of forwardedFor) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: `proxy-${randomUUID()}@example.com` },
      remoteAddress,
      headers: { 'x-forwarded-for': address },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For does not change the per-address limit', async () => {
    const app = await appWith({});
    expect(await askFor(app, '127.0.0.1', ['10.1.0.1', '10.1.0.2', '10.1.0.3'])).toEqual([
      200, 200, 429,
    ]);
  });

  it('set to 127.0.0.1, takes the forwarded address of requests from that proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1' });
    expect(await askFor(app, '127.0.0.1', ['10.2.0.1', '10.2.0.2', '10.2.0.3'])).toEqual([
      200, 200, 200,
    ]);
    // The limit still holds for each forwarded client.
    expect(await askFor(app, '127.0.0.1', ['10.2.0.4', '10.2.0.4', '10.2.0.4'])).toEqual([
      200, 200, 429,
    ]);
  });

  it('ignores X-Forwarded-For from a peer it does not name', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1' });
    expect(await askFor(app, '192.0.2.7', ['10.3.0.1', '10.3.0.2', '10.3.0.3'])).toEqual([
      200, 200, 429,
    ]);
  });
});

describe('TRUST_PROXY at the socket handshake', () => {
  /** Connects a new guest as forwarded from `address`; answers whether the handshake was let in. */
  async function newGuestFrom(stack: Stack, address: string): Promise<boolean> {
    try {
      const socket = await connectGuest(stack.url, newGuestId(), { 'x-forwarded-for': address });
      socket.close();
      return true;
    } catch {
      return false;
    }
  }

  it('takes the forwarded address only from a trusted proxy, as REST does', async () => {
    const trusting = await startStack(
      testConfig({ TRUST_PROXY: '127.0.0.1', GUESTS_PER_IP_PER_HOUR: '1' }),
    );
    stacks.push(trusting);
    // One new guest per forwarded address: each client has its own share.
    expect(await newGuestFrom(trusting, '10.3.0.1')).toBe(true);
    expect(await newGuestFrom(trusting, '10.3.0.2')).toBe(true);
    expect(await newGuestFrom(trusting, '10.3.0.1')).toBe(false);

    const untrusting = await startStack(testConfig({ GUESTS_PER_IP_PER_HOUR: '1' }));
    stacks.push(untrusting);
    // Off: the header is the client's own word, and every guest counts against the peer's address.
    expect(await newGuestFrom(untrusting, '10.4.0.1')).toBe(true);
    expect(await newGuestFrom(untrusting, '10.4.0.2')).toBe(false);
  });
});
