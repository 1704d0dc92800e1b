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

  it('fills {{original}} only when given, in one pass', () => {
    const names = { char: '{{user}}', user: '{{char}}' };
    expect(fillMacros('{{char}} {{user}} {{original}}', names)).toBe(
      '{{user}} {{char}} {{original}}',
    );
    expect(fillMacros('{{Original}}', { ...names, original: '{{original}}' })).toBe('{{original}}');
  });

  it('keeps malformed and nested macros as text', () => {
    expect(
      fillMacros('{{{char}}} {{ch{{user}}ar}} {{char} {{ user }} {{original', {
        char: 'A',
        user: 'B',
        original: 'O',
      }),
    ).toBe('{A} {{chBar}} {{char} {{ user }} {{original');
  });
});
