import { describe, expect, it } from 'vitest';
import { PersonaInputSchema } from '#shared/api/personas';
import { chatUserName, filterByNamePrefix } from '#shared/rules/persona';

const valid = {
  avatarUrl: '/uploads/persona-avatars/0b7c1d1e-0a4f-4c44-9c5e-3c3b2f1d9e11.webp',
  name: 'Nova',
  highlights: 'A calm pilot.',
};

function messageOf(change: Partial<Record<keyof typeof valid, unknown>>): string | undefined {
  const result = PersonaInputSchema.safeParse({ ...valid, ...change });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('persona input', () => {
  it("uses the spec's messages for name, highlights and avatar", () => {
    expect(messageOf({ name: '  ' })).toBe("Name can't be empty");
    expect(messageOf({ name: ' ab ' })).toBe('Name should at least have a length of 3');
    expect(messageOf({ name: 'a'.repeat(21) })).toBe('Name should be 20 characters or less');
    expect(messageOf({ highlights: '' })).toBe("Highlights can't be empty");
    expect(messageOf({ highlights: 'ab' })).toBe('Highlights should at least have a length of 3');
    expect(messageOf({ highlights: 'a'.repeat(1001) })).toBe(
      'Highlights should be 1000 characters or less',
    );
    expect(messageOf({ avatarUrl: '' })).toBe('Avatar is required');
    expect(messageOf({ avatarUrl: null })).toBe('Avatar is required');
  });

  it('trims, accepts the longest values, and refuses foreign avatars and hidden characters', () => {
    expect(PersonaInputSchema.parse({ ...valid, name: `  ${'a'.repeat(20)}  ` }).name).toBe(
      'a'.repeat(20),
    );
    expect(messageOf({ highlights: 'a'.repeat(1000) })).toBeUndefined();
    expect(messageOf({ avatarUrl: 'https://tracker.example/p.webp' })).toBe('Avatar is required');
    expect(messageOf({ avatarUrl: '/uploads/../../etc/passwd.webp' })).toBe('Avatar is required');
    expect(messageOf({ name: 'No\u200Bva' })).toBe(
      'Name cannot contain invisible or text-direction characters',
    );
  });
});

describe('chatUserName', () => {
  it("is the persona's name, else the display name, else the fallback", () => {
    expect(chatUserName('Nico', 'Dana', 'User')).toBe('Nico');
    expect(chatUserName(null, 'Dana', 'User')).toBe('Dana');
    expect(chatUserName(undefined, '  ', 'User')).toBe('User');
    expect(chatUserName(null, null, 'User')).toBe('User');
  });
});

describe('filterByNamePrefix', () => {
  const items = [{ name: 'Alice' }, { name: 'bob' }, { name: 'Alan' }, { name: 'Malice' }];
  it('keeps names starting with the search, ignoring case and spaces, in order', () => {
    expect(filterByNamePrefix(items, ' al')).toEqual([{ name: 'Alice' }, { name: 'Alan' }]);
    expect(filterByNamePrefix(items, 'B')).toEqual([{ name: 'bob' }]);
    expect(filterByNamePrefix(items, '')).toEqual(items);
    expect(filterByNamePrefix(items, 'z')).toEqual([]);
  });
});
