/** The context meter names what filled the budget, memories included, and what was left out. */
import { describe, expect, it } from 'vitest';
import {
  filledByText,
  leftOutText,
  usedPercent,
} from '../../../../../client/features/generation/components/context-meter';

describe('filledByText', () => {
  it('names every part that took tokens, memories and lorebook included, in prompt order', () => {
    expect(
      filledByText({
        definition: 1200,
        cardPrompts: 0,
        persona: 30,
        memories: 45,
        lorebook: 12,
        examples: 0,
        history: 600,
      }),
    ).toBe('definition 1,200, persona 30, memories 45, lorebook 12, messages 600');
  });

  it("names a card's prompts after the definition", () => {
    expect(
      filledByText({
        definition: 50,
        cardPrompts: 12,
        persona: 0,
        memories: 0,
        lorebook: 0,
        examples: 0,
        history: 8,
      }),
    ).toBe('definition 50, card prompts 12, messages 8');
  });

  it('leaves out parts that took nothing', () => {
    expect(
      filledByText({
        definition: 50,
        cardPrompts: 0,
        persona: 0,
        memories: 0,
        lorebook: 0,
        examples: 0,
        history: 8,
      }),
    ).toBe('definition 50, messages 8');
  });
});

describe('leftOutText', () => {
  it('names pinned memories that did not fit', () => {
    expect(
      leftOutText({
        isDefinitionCut: false,
        cardPrompts: 0,
        isPersonaLeftOut: false,
        memories: 2,
        lorebookEntries: 0,
        isExamplesLeftOut: false,
        turns: 1,
      }),
    ).toBe('1 older message, 2 pinned memories');
  });

  it("names a card's prompts that did not fit", () => {
    expect(
      leftOutText({
        isDefinitionCut: false,
        cardPrompts: 2,
        isPersonaLeftOut: false,
        memories: 0,
        lorebookEntries: 0,
        isExamplesLeftOut: false,
        turns: 0,
      }),
    ).toBe('2 card prompts');
  });
});

describe('usedPercent', () => {
  it('rounds the share of the budget used to whole percent, at most 100', () => {
    expect(usedPercent(1024, 2048)).toBe(50);
    expect(usedPercent(1, 3)).toBe(33);
    expect(usedPercent(2100, 2048)).toBe(100);
  });

  it('reads an empty budget as nothing used', () => {
    expect(usedPercent(0, 0)).toBe(0);
  });
});
