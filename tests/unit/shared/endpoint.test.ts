import { describe, expect, it } from 'vitest';
import { buildPath } from '#shared/api/endpoint';

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/conversations/:id/messages', { id: 'a b' })).toBe(
      '/api/conversations/a%20b/messages',
    );
  });

  it('throws on a missing parameter', () => {
    expect(() => buildPath('/api/characters/:id')).toThrow('missing path parameter id');
  });
});
