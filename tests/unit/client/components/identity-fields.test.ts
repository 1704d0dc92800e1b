import { describe, expect, it } from 'vitest';
import { identityErrors } from '../../../../client/components/identity-fields';

describe('identityErrors', () => {
  it('finds nothing wrong with a valid, free username and a display name', () => {
    expect(identityErrors({ username: 'nova_1', name: 'Nova' }, { state: 'available' })).toEqual(
      {},
    );
  });

  it("names each field's first broken rule", () => {
    const errors = identityErrors({ username: 'ab', name: '' }, { state: 'idle' });
    expect(errors.username).toBe('Username is too short');
    expect(errors.name).toBe('This field is required');
  });

  it('refuses a valid username someone holds with the taken text', () => {
    expect(identityErrors({ username: 'nova_1', name: 'Nova' }, { state: 'taken' })).toEqual({
      username: 'Username is not available',
    });
  });

  it('reports a broken rule before asking whether the name is taken', () => {
    expect(identityErrors({ username: 'two words', name: 'Nova' }, { state: 'taken' })).toEqual({
      username: 'Username can only contain letters, digits, _ and -',
    });
  });
});
