import { describe, expect, it } from 'vitest';
import { clientCommands } from '#shared/realtime/events';
import type { Caller } from '#server/lib/caller';
import { AppError } from '#server/lib/errors';
import { assertCommandAuth, assertCommandFlag } from '#server/realtime/command';

function caller(overrides: Partial<Caller> = {}): Caller {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    kind: 'guest',
    role: 'free_tier',
    sessionFamily: null,
    restrictions: [],
    isPartner: false,
    flagsOff: [],
    ...overrides,
  };
}

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const terminated = caller({
  kind: 'member',
  restrictions: [{ type: 'restriction_full', reason: 'Spam', expiresAt: null }],
});

describe('socket command policy', () => {
  it('declares an auth level on every command', () => {
    for (const contract of Object.values(clientCommands)) expect(contract.auth).toBeDefined();
  });

  it('lets a guest send chat commands and a terminated member only leave', () => {
    expect(codeOf(() => assertCommandAuth(clientCommands['message:send'].auth, caller()))).toBe(
      null,
    );
    expect(codeOf(() => assertCommandAuth(clientCommands['message:send'].auth, terminated))).toBe(
      'account_terminated',
    );
    expect(
      codeOf(() => assertCommandAuth(clientCommands['conversation:leave'].auth, terminated)),
    ).toBe(null);
  });

  it('refuses a guest a member command with sign_in_required', () => {
    expect(codeOf(() => assertCommandAuth('member', caller()))).toBe('sign_in_required');
    expect(codeOf(() => assertCommandAuth('member', caller({ kind: 'member' })))).toBe(null);
  });

  it('refuses a create command to a guest, a terminated and a Restricted member', () => {
    const restricted = caller({
      kind: 'member',
      restrictions: [{ type: 'restriction_limited', reason: 'Spam', expiresAt: null }],
    });
    expect(codeOf(() => assertCommandAuth('create', caller()))).toBe('sign_in_required');
    expect(codeOf(() => assertCommandAuth('create', terminated))).toBe('account_terminated');
    expect(codeOf(() => assertCommandAuth('create', restricted))).toBe('account_restricted');
    expect(codeOf(() => assertCommandAuth('create', caller({ kind: 'member' })))).toBe(null);
  });

  it('answers not_found for a command behind a flag that is off', () => {
    const { flag } = clientCommands['group:next'];
    expect(codeOf(() => assertCommandFlag(flag, () => false))).toBe('not_found');
    expect(codeOf(() => assertCommandFlag(flag, () => true))).toBe(null);
    expect(codeOf(() => assertCommandFlag(undefined, () => false))).toBe(null);
  });
});
