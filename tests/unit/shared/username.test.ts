import { describe, expect, it } from 'vitest';
import { PartnerUsernameSchema, UsernameSchema, isReservedUsername } from '#shared/rules/username';
import { PartnerDisplayNameSchema } from '#shared/rules/display-name';

const messageOf = (value: string) => {
  const parsed = UsernameSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('UsernameSchema', () => {
  it('accepts letters, digits, _ and - and lowercases', () => {
    expect(UsernameSchema.parse('  Star_Gazer-42 ')).toBe('star_gazer-42');
    expect(UsernameSchema.parse('abc')).toBe('abc');
    expect(UsernameSchema.parse('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it.each([
    ['', 'This field is required'],
    ['ab', 'Username is too short'],
    ['a'.repeat(21), 'Username should be 20 characters or less'],
    ['hello world', 'Username can only contain letters, digits, _ and -'],
    ['émile', 'Username can only contain letters, digits, _ and -'],
    ['dot.name', 'Username can only contain letters, digits, _ and -'],
  ])('rejects %j with %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it.each(['admin', 'Admin', ' SUPPORT ', 'moderator', 'charchat', 'staff'])(
    'refuses the reserved name %j as not available',
    (value) => {
      expect(messageOf(value)).toBe('Username not available');
      expect(isReservedUsername(value)).toBe(true);
    },
  );

  it('lets names that only contain a reserved word through', () => {
    expect(UsernameSchema.parse('admiral')).toBe('admiral');
    expect(UsernameSchema.parse('support_fan')).toBe('support_fan');
    expect(isReservedUsername('support_fan')).toBe(false);
  });
});

describe('partner sign-up rules', () => {
  it('asks 4 characters of the username and the name', () => {
    expect(PartnerUsernameSchema.safeParse('abc').error?.issues[0]?.message).toBe(
      'Username is too short',
    );
    expect(PartnerUsernameSchema.parse('AbCd')).toBe('abcd');
    expect(PartnerDisplayNameSchema.safeParse('Pat').error?.issues[0]?.message).toBe(
      'At least 4 characters required',
    );
    expect(PartnerDisplayNameSchema.parse(' Patricia ')).toBe('Patricia');
  });

  it('keeps the usual username rules', () => {
    expect(PartnerUsernameSchema.safeParse('admin').success).toBe(false);
    expect(PartnerUsernameSchema.safeParse('bad name').success).toBe(false);
    expect(PartnerUsernameSchema.safeParse('x'.repeat(21)).success).toBe(false);
  });
});
