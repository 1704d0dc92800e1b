import { describe, expect, it } from 'vitest';
import { continuationSuffix } from '#shared/rules/continue-reply';

describe('continuationSuffix', () => {
  it('joins a word after a space, and punctuation or a new line as it comes', () => {
    expect(continuationSuffix('and then')).toBe(' and then');
    expect(continuationSuffix(', and then')).toBe(', and then');
    expect(continuationSuffix('\nNext')).toBe('\nNext');
    expect(continuationSuffix('…')).toBe('…');
  });

  it('adds nothing for a run stopped before its first word', () => {
    expect(continuationSuffix('')).toBe('');
  });
});
