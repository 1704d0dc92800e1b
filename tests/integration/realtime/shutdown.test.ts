/** A server stopping for a deploy drops its sockets so their clients reconnect elsewhere. */
import { expect, it } from 'vitest';
import { testConfig } from '../../support/config';
import { newGuestId } from '../../support/factories';
import { connectGuest, startStack } from '../../support/stack';

it('closes while sockets are open, disconnecting them', async () => {
  const stack = await startStack(testConfig(), { workers: false });
  const socket = await connectGuest(stack.url, newGuestId());
  const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await stack.close();
  expect(await reason).toBe('io server disconnect');
});
