import { describe, expect, it } from 'vitest';
import { usernameCheckOf, usernameCheckStatus } from '../../../../client/lib/use-username-check';

describe('usernameCheckOf', () => {
  it('says nothing of an empty field or of the name the member holds now', () => {
    expect(usernameCheckOf('  ')).toEqual({ state: 'idle' });
    expect(usernameCheckOf('Nova_1', 'nova_1')).toEqual({ state: 'idle' });
  });

  it('names the broken rule at once, while typing', () => {
    expect(usernameCheckOf('ab')).toEqual({ state: 'invalid', message: 'Username is too short' });
    expect(usernameCheckOf('two words')).toEqual({
      state: 'invalid',
      message: 'Username can only contain letters, digits, _ and -',
    });
  });

  it('answers a reserved name as not available without asking the server', () => {
    expect(usernameCheckOf('Admin')).toEqual({ state: 'taken' });
    expect(usernameCheckOf(' support ')).toEqual({ state: 'taken' });
  });

  it('asks about a valid name in its stored form', () => {
    expect(usernameCheckOf(' Star_Gazer ')).toEqual({ state: 'checking', username: 'star_gazer' });
  });
});

describe('usernameCheckStatus', () => {
  it("uses the spec's words: Checking, Available, Not Available, Valid, with their tone", () => {
    expect(usernameCheckStatus({ state: 'checking', username: 'x' })).toEqual({
      text: 'Checking',
      tone: 'neutral',
    });
    expect(usernameCheckStatus({ state: 'available' })).toEqual({
      text: 'Available',
      tone: 'good',
    });
    expect(usernameCheckStatus({ state: 'taken' })).toEqual({ text: 'Not Available', tone: 'bad' });
    expect(usernameCheckStatus({ state: 'valid' })).toEqual({ text: 'Valid', tone: 'neutral' });
    expect(usernameCheckStatus({ state: 'invalid', message: 'x' })).toEqual({
      text: 'x',
      tone: 'bad',
    });
    expect(usernameCheckStatus({ state: 'idle' })).toBeNull();
  });
});
