import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '#server/lib/unsubscribe-token';

const secret = 'a-test-secret-of-at-least-32-characters!';

describe('unsubscribe tokens', () => {
  it('verifies a token it signed, naming the member and the kind', () => {
    const userId = randomUUID();
    const token = signUnsubscribeToken(secret, { userId, kind: 'missed_reply' });
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId, kind: 'missed_reply' });
  });

  it('refuses a token signed with another secret', () => {
    const token = signUnsubscribeToken(`${secret}-other`, {
      userId: randomUUID(),
      kind: 'missed_reply',
    });
    expect(verifyUnsubscribeToken(secret, token)).toBeNull();
  });

  it('refuses a token whose member was swapped for another', () => {
    const token = signUnsubscribeToken(secret, { userId: randomUUID(), kind: 'missed_reply' });
    const [version, , kind, mac] = token.split('.');
    const forged = [version, randomUUID(), kind, mac].join('.');
    expect(verifyUnsubscribeToken(secret, forged)).toBeNull();
  });

  it('refuses altered, truncated and malformed tokens', () => {
    const token = signUnsubscribeToken(secret, { userId: randomUUID(), kind: 'missed_reply' });
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      flipped,
      token.slice(0, -5),
      `${token}.extra`,
      token.replace('u1.', 'u2.'),
      '',
      'u1...',
      'u1.not-a-uuid.missed_reply.abc',
      `u1.${randomUUID()}.missed_reply\u0000.abc`,
    ]) {
      expect(verifyUnsubscribeToken(secret, bad), bad).toBeNull();
    }
  });

  it('refuses a correctly signed token of a kind that does not exist', () => {
    // A kind outside the list is refused even if the signature matched (it cannot be made).
    const userId = randomUUID();
    const token = signUnsubscribeToken(secret, { userId, kind: 'missed_reply' });
    expect(verifyUnsubscribeToken(secret, token.replace('missed_reply', 'everything'))).toBeNull();
  });
});
