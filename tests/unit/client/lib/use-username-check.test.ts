import { describe, expect, it } from 'vitest';
import {
  usernameCheckOf,
  usernameCheckText,
  usernameCheckTone,
} from '../../../../client/lib/use-username-check';

describe('usernameCheckOf', () => {
  it('says nothing of an empty field or of the name the member holds now', () => {
    expect(usernameCheckOf('  ')).toEqual({ state: 'idle' });
    expect(usernameCheckOf('Nova_1', 'nova_1')).toEqual({ state: 'idle' });
  });

  it('names the broken rule at once, while typing', () => {
    expect(usernameCheckOf('ab')).toEqual({ state: 'invalid', message: 'Username is too short' });
    expect(usernameCheckOf('two words')).toEqual({
      state: 'invalid',
      message: 'Username contain invalid characters',
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

describe('usernameCheckText and usernameCheckTone', () => {
  it("use the spec's words: Checking, Available, Not Available, Valid", () => {
    expect(usernameCheckText({ state: 'checking', username: 'x' })).toBe('Checking');
    expect(usernameCheckText({ state: 'available' })).toBe('Available');
    expect(usernameCheckText({ state: 'taken' })).toBe('Not Available');
    expect(usernameCheckText({ state: 'valid' })).toBe('Valid');
    expect(usernameCheckText({ state: 'idle' })).toBeNull();
    expect(usernameCheckTone({ state: 'available' })).toBe('good');
    expect(usernameCheckTone({ state: 'taken' })).toBe('bad');
    expect(usernameCheckTone({ state: 'invalid', message: 'x' })).toBe('bad');
  });
});
