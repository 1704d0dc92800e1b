import { describe, expect, it } from 'vitest';
import {
  definitionSizeOf,
  definitionSizes,
  isNsfwAllowed,
  readSearchText,
} from '#shared/rules/library';
import { LibraryQuerySchema } from '#shared/api/library';

describe('readSearchText', () => {
  it('reads a leading @ as a creator username, lowercased', () => {
    expect(readSearchText('@Alice')).toEqual({ kind: 'creator', username: 'alice' });
    expect(readSearchText('  @ bob ')).toEqual({ kind: 'creator', username: 'bob' });
  });

  it('reads anything else as text, and blanks as nothing', () => {
    expect(readSearchText(' dragon knight ')).toEqual({ kind: 'text', text: 'dragon knight' });
    expect(readSearchText('mail@example')).toEqual({ kind: 'text', text: 'mail@example' });
    expect(readSearchText('   ')).toEqual({ kind: 'none' });
    expect(readSearchText('@')).toEqual({ kind: 'none' });
  });
});

describe('definitionSizeOf', () => {
  it('puts token counts in the bucket whose bounds hold them', () => {
    expect(definitionSizeOf(0)).toBe('small');
    expect(definitionSizeOf(definitionSizes.small.max)).toBe('small');
    expect(definitionSizeOf(definitionSizes.medium.min)).toBe('medium');
    expect(definitionSizeOf(definitionSizes.medium.max)).toBe('medium');
    expect(definitionSizeOf(definitionSizes.large.min)).toBe('large');
    expect(definitionSizeOf(100_000)).toBe('large');
  });
});

describe('isNsfwAllowed', () => {
  const allowed = {
    requested: true,
    isMember: true,
    showNsfw: true,
    ageVerification: 'inform' as const,
  };
  it('allows a member who asks, turned NSFW on and needs no verification', () => {
    expect(isNsfwAllowed(allowed)).toBe(true);
    expect(isNsfwAllowed({ ...allowed, ageVerification: 'verified' })).toBe(true);
    expect(isNsfwAllowed({ ...allowed, ageVerification: 'disabled' })).toBe(true);
  });
  it.each([
    ['not asked', { requested: false }],
    ['a guest', { isMember: false }],
    ['NSFW off in the profile', { showNsfw: false }],
    ['verification due', { ageVerification: 'verify' as const }],
    ['verification expired', { ageVerification: 'reverify' as const }],
  ])('refuses when %s', (_, change) => {
    expect(isNsfwAllowed({ ...allowed, ...change })).toBe(false);
  });
});

describe('LibraryQuerySchema', () => {
  it('fills defaults and reads repeated parameters as lists', () => {
    expect(LibraryQuerySchema.parse({})).toMatchObject({
      q: '',
      tags: [],
      languages: [],
      sizes: [],
      nsfw: false,
      sort: 'trending',
      scope: 'all',
      page: 1,
      pageSize: 24,
    });
    expect(LibraryQuerySchema.parse({ tags: 'Anime', nsfw: 'true' })).toMatchObject({
      tags: ['Anime'],
      nsfw: true,
    });
    expect(LibraryQuerySchema.parse({ tags: ['Anime', ' OC '] }).tags).toEqual(['Anime', 'OC']);
  });

  it('needs a creator with the creator scope', () => {
    expect(LibraryQuerySchema.safeParse({ scope: 'creator' }).success).toBe(false);
    expect(LibraryQuerySchema.safeParse({ scope: 'creator', creator: 'ann' }).success).toBe(true);
  });
});
