import { describe, expect, it } from 'vitest';
import {
  DisplayNameSchema,
  displayNameFrom,
  hasHiddenCharacters,
} from '#shared/rules/display-name';
import { UsernameSchema } from '#shared/rules/username';

const messageOf = (value: string) => {
  const parsed = DisplayNameSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

const hidden = [
  ['U+202A left-to-right embedding', '\u202A'],
  ['U+202B right-to-left embedding', '\u202B'],
  ['U+202C pop directional formatting', '\u202C'],
  ['U+202D left-to-right override', '\u202D'],
  ['U+202E right-to-left override', '\u202E'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2067 right-to-left isolate', '\u2067'],
  ['U+2068 first strong isolate', '\u2068'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+200B zero-width space', '\u200B'],
  ['U+200C zero-width non-joiner', '\u200C'],
  ['U+200D zero-width joiner', '\u200D'],
  ['U+200E left-to-right mark', '\u200E'],
  ['U+200F right-to-left mark', '\u200F'],
  ['U+061C arabic letter mark', '\u061C'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF zero-width no-break space', '\uFEFF'],
] as const;

describe('DisplayNameSchema', () => {
  it('accepts names in any script, with spaces, accents and emoji, and trims them', () => {
    expect(DisplayNameSchema.parse('  Nova  ')).toBe('Nova');
    for (const name of ['Émile Zola', 'Łukasz', 'Ана', 'ניר', 'سارة', '李小龍', 'Star ✨']) {
      expect(DisplayNameSchema.parse(name)).toBe(name);
    }
  });

  it.each([
    ['', 'This field is required'],
    ['ab', 'At least 3 characters required'],
    ['a'.repeat(21), 'Name should be 20 characters or less'],
  ])('rejects %j with %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it.each(hidden)('refuses %s inside a name', (_name, char) => {
    expect(hasHiddenCharacters(`No${char}va`)).toBe(true);
    expect(messageOf(`No${char}va`)).toBe(
      'Name cannot contain invisible or text-direction characters',
    );
  });

  it('refuses a reversed name made with an override', () => {
    // Shows as "Admin" with the override, yet is another string.
    expect(messageOf('\u202Enimda')).toBe(
      'Name cannot contain invisible or text-direction characters',
    );
  });

  it('finds nothing hidden in ordinary text', () => {
    expect(hasHiddenCharacters('Hello, world — 你好 👋')).toBe(false);
  });
});

describe('UsernameSchema', () => {
  it.each(hidden)('refuses %s as well', (_name, char) => {
    expect(UsernameSchema.safeParse(`no${char}va`).success).toBe(false);
  });
});

describe('displayNameFrom', () => {
  it('keeps a name that fits the rules as it is', () => {
    expect(displayNameFrom('Pat Doe')).toBe('Pat Doe');
  });

  it('drops control, NUL and invisible characters, trims and cuts to the longest name', () => {
    expect(displayNameFrom('  Pa\u0000t\u202E Doe\u200B ')).toBe('Pat Doe');
    expect(displayNameFrom('Bartholomew Alexander Fitzgerald')).toBe('Bartholomew Alexande');
    expect(displayNameFrom('\uD800Ana')).toBe('Ana');
  });

  it('answers null when too little is left, or nothing was given', () => {
    expect(displayNameFrom('\u200B\u200BAl')).toBeNull();
    expect(displayNameFrom(undefined)).toBeNull();
    expect(displayNameFrom(null)).toBeNull();
  });
});
