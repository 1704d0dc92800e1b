import { describe, expect, it } from 'vitest';
import {
  cardPromptMaxChars,
  cardPromptOf,
  fillCardPrompt,
  noCardPrompt,
} from '#shared/cards/card-prompt';

describe('cardPromptOf', () => {
  it("reads the card's system prompt, post-history instructions and depth prompt", () => {
    expect(
      cardPromptOf({
        system_prompt: 'Sys {{original}}',
        post_history_instructions: 'Post',
        extensions: { depth_prompt: { prompt: 'Deep', depth: 2, role: 'user' }, other: 1 },
      }),
    ).toEqual({
      systemPrompt: 'Sys {{original}}',
      postHistoryInstructions: 'Post',
      depthPrompt: { prompt: 'Deep', depth: 2, role: 'user' },
    });
  });

  it('asks nothing of a chatbot without card data', () => {
    expect(cardPromptOf(null)).toEqual(noCardPrompt);
    expect(cardPromptOf({ creator_notes: 'hi' })).toEqual(noCardPrompt);
  });

  it("takes SillyTavern's defaults for a depth prompt without depth or role", () => {
    expect(cardPromptOf({ extensions: { depth_prompt: { prompt: 'Deep' } } }).depthPrompt).toEqual({
      prompt: 'Deep',
      depth: 4,
      role: 'system',
    });
  });

  it.each([
    [
      { depth: '3', role: 'narrator' },
      { depth: 3, role: 'system' },
    ],
    [
      { depth: -2, role: 'assistant' },
      { depth: 0, role: 'assistant' },
    ],
    [{ depth: 1e9 }, { depth: 1000, role: 'system' }],
    [{ depth: 2.7 }, { depth: 2, role: 'system' }],
    [{ depth: Number.NaN }, { depth: 4, role: 'system' }],
    [{ depth: { a: 1 } }, { depth: 4, role: 'system' }],
  ])('reads depth and role %j leniently', (given, expected) => {
    expect(
      cardPromptOf({ extensions: { depth_prompt: { prompt: 'Deep', ...given } } }).depthPrompt,
    ).toEqual({ prompt: 'Deep', ...expected });
  });

  it('has no depth prompt when it is blank, not text or not an object', () => {
    for (const depth_prompt of [{ prompt: '  ' }, { prompt: 5 }, 'Deep', ['Deep'], null]) {
      expect(cardPromptOf({ extensions: { depth_prompt } }).depthPrompt).toBeNull();
    }
  });

  it('treats prompts of the wrong type as absent', () => {
    expect(cardPromptOf({ system_prompt: ['x'], post_history_instructions: 3 })).toEqual(
      noCardPrompt,
    );
  });
});

describe('fillCardPrompt', () => {
  const names = { char: 'Mara', user: 'Sam' };

  it('fills {{original}} once per occurrence, never what it expands to', () => {
    expect(
      fillCardPrompt('{{original}} / {{original}}', { ...names, original: '{{original}}!' }),
    ).toBe('{{original}}! / {{original}}!');
  });

  it('keeps within the bound, however often {{original}} repeats', () => {
    const filled = fillCardPrompt('{{original}}'.repeat(100_000), {
      ...names,
      original: 'x'.repeat(10_000),
    });
    expect(filled.length).toBe(cardPromptMaxChars);
  });

  it('is empty for a prompt that is only {{original}} of nothing', () => {
    expect(fillCardPrompt(' {{original}} ', { ...names, original: '' })).toBe('');
  });
});
