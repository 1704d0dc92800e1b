import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from '#shared/rules/storable-text';

describe('unstorableTextPath', () => {
  it('finds nothing in storable text of any script, emoji included', () => {
    expect(
      unstorableTextPath({
        name: 'Nova',
        bio: 'Ünïcødé, 日本語, עברית and 👩‍🚀 (a surrogate pair)',
        tags: ['a', 'b'],
        nested: { n: 1, ok: true, none: null },
      }),
    ).toBeUndefined();
    expect(unstorableTextPath(undefined)).toBeUndefined();
    expect(unstorableTextPath('plain')).toBeUndefined();
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE80b'],
    ['a high surrogate at the end', 'end\uD83D'],
    ['a low surrogate at the start', '\uDE80start'],
    ['two high surrogates', '\uD83D\uD83D\uDE80'],
  ])('names the field holding %s', (_what, text) => {
    expect(unstorableTextPath({ content: text })).toBe('content');
  });

  it('names nested fields and array items the way zod does', () => {
    expect(unstorableTextPath({ a: { b: [{ c: 'ok' }, { c: 'x\u0000' }] } })).toBe('a.b.1.c');
    expect(unstorableTextPath(['ok', 'bad\u0000'])).toBe('1');
  });

  it('names the first bad field in document order', () => {
    expect(unstorableTextPath({ first: '\u0000', second: '\u0000' })).toBe('first');
  });

  it('refuses a bad object key too', () => {
    expect(unstorableTextPath({ outer: { 'k\u0000': 'v' } })).toBe('outer.k\u0000');
  });

  it('walks a deeply nested payload without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(Array.from({ length: 200_000 }, () => '0').join('.'));
  });

  it('walks objects without Object.prototype, as query strings are parsed', () => {
    const query = { username: 'ab\u0000cd' };
    Reflect.setPrototypeOf(query, null);
    expect(unstorableTextPath(query)).toBe('username');
    // fast-querystring's objects inherit from a prototype that itself has none.
    const bare = {};
    Reflect.setPrototypeOf(bare, null);
    const parsed = { q: '\u0000' };
    Reflect.setPrototypeOf(parsed, bare);
    expect(unstorableTextPath(parsed)).toBe('q');
  });

  it('leaves binary data alone', () => {
    expect(unstorableTextPath({ file: Buffer.from('a\u0000b') })).toBeUndefined();
  });
});
