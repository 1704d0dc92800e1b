/**
 * New guest identities are limited per address (GUESTS_PER_IP_PER_HOUR), over REST and the socket
 * handshake alike: inventing guest ids gains nothing once the address has made its share. Guests
 * already known, and other addresses, are not affected.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../support/config';
import { newGuestId } from '../../support/factories';
import { errorCode } from '../../support/http';
import { connectGuest, startStack, type Stack } from '../../support/stack';

let stack: Stack;

beforeAll(async () => {
  // Integration stacks serve every test from 127.0.0.1, so this file's stack has its own prefix.
  stack = await startStack(testConfig({ GUESTS_PER_IP_PER_HOUR: '3' }));
});
afterAll(async () => {
  await stack.close();
});

/** A request any guest may make (its waiting-room status), from `remoteAddress`. */
function askAs(guestId: string, remoteAddress = '10.0.0.1') {
  return stack.app.fastify.inject({
    url: '/api/waiting-room',
    headers: { 'x-guest-id': guestId },
    remoteAddress,
  });
}

async function guestRows(ids: readonly string[]): Promise<number> {
  const rows = await stack.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('guest_id', 'in', ids)
    .execute();
  return rows.length;
}

it('lets an address make its share of new guests, then refuses new ones but not known ones', async () => {
  const known = [newGuestId(), newGuestId(), newGuestId()];
  for (const id of known) expect((await askAs(id)).statusCode).toBe(200);
  const extra = newGuestId();
  const refused = await askAs(extra);
  expect(refused.statusCode).toBe(429);
  expect(errorCode(refused.json())).toBe('rate_limited');
  expect(await guestRows([extra])).toBe(0);
  // Guests the address made already go on; another address has its own share.
  expect((await askAs(known[0] ?? '')).statusCode).toBe(200);
  expect((await askAs(newGuestId(), '10.0.0.2')).statusCode).toBe(200);
});

it('refuses a new guest at the socket handshake once the address has made its share', async () => {
  // The sockets connect from 127.0.0.1, which no other test of this file uses.
  for (let i = 0; i < 3; i++) (await connectGuest(stack.url, newGuestId())).close();
  await expect(connectGuest(stack.url, newGuestId())).rejects.toThrow();
});

it('makes exactly its share when many new guests arrive from one address at once', async () => {
  const ids = Array.from({ length: 20 }, () => newGuestId());
  const answers = await Promise.all(ids.map((id) => askAs(id, '10.0.0.3')));
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
  expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(17);
  expect(await guestRows(ids)).toBe(3);
});
