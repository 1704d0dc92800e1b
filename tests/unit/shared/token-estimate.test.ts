import { describe, expect, it } from 'vitest';
import { estimateCharacterTokens, estimateTokens } from '#shared/rules/token-estimate';

describe('estimateCharacterTokens', () => {
  it('counts about four characters a token, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('adds persona, scenario, greeting and example dialogues together', () => {
    expect(
      estimateCharacterTokens({ persona: 'ab', scenario: 'cd', greeting: 'e', dialogue: '' }),
    ).toBe(2);
  });
});
