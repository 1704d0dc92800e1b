import { describe, expect, it } from 'vitest';
import { fillMacros } from '#shared/rules/macros';

describe('fillMacros', () => {
  it('replaces {{char}} and {{user}} in any case, everywhere', () => {
    expect(
      fillMacros('{{user}} meets {{CHAR}}; {{char}} waves at {{User}}.', {
        char: 'Mara',
        user: 'Sam',
      }),
    ).toBe('Sam meets Mara; Mara waves at Sam.');
  });

  it('leaves other braces alone', () => {
    expect(fillMacros('{{random}} {user}', { char: 'A', user: 'B' })).toBe('{{random}} {user}');
  });
});
