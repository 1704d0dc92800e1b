/**
 * A server stopping for a deploy closes its sockets' connections without ending their sessions, so the
 * clients reconnect by themselves, to another server or to this one once it is back.
 */
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import { testConfig } from '../../support/config';
import { newGuestId } from '../../support/factories';
import { startStack, type ClientSocket } from '../../support/stack';

it('closes while sockets are open, and the clients reconnect to the server that comes back', async () => {
  const config = testConfig();
  const first = await startStack(config, { workers: false });
  const port = Number(new URL(first.url).port);
  const socket: ClientSocket = io(first.url, {
    auth: { guestId: newGuestId() },
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await first.close();
  // A transport close, not 'io server disconnect' (after which a client would not reconnect).
  expect(await reason).toBe('transport close');

  const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const second = await startStack(config, { workers: false, port });
  try {
    await reconnected;
    expect(socket.connected).toBe(true);
    const ack = await socket.emitWithAck('waiting-room:watch', {});
    expect(ack.ok).toBe(true);
  } finally {
    socket.close();
    await second.close();
  }
});
