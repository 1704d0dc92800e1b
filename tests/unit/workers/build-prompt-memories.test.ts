/** buildPrompt's memory slot: pinned memories first and always tried, unpinned ones within a share. */
import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  unpinnedMemoryShare,
  type PromptTurn,
} from '#workers/generation/prompt/build-prompt';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const character = { name: 'Mara', persona: 'A keeper.', scenario: '', dialogue: '' };

function turns(n: number): PromptTurn[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'bot' : 'user',
    content: `turn${i} ${'word '.repeat(9)}`.trim(),
  }));
}

const build = (memories: { content: string; isPinned?: boolean }[], contextSize = 500) =>
  buildPrompt({
    character,
    userName: 'Sam',
    memories,
    history: turns(80),
    contextSize,
    maxTokens: 100,
    countTokens: countWords,
  });

describe('buildPrompt memories', () => {
  it('puts pinned memories before unpinned ones whatever the order given', () => {
    const prompt = build([
      { content: 'Auto: Sam lost an umbrella.', isPinned: false },
      { content: 'Sam fears the dark.', isPinned: true },
    ]);
    const system = prompt.messages[0]?.content ?? '';
    expect(system).toContain('Memories:\n- Sam fears the dark.\n\n- Auto: Sam lost an umbrella.');
    expect(prompt.report.sectionTokens.memories).toBeGreaterThan(0);
  });

  it('gives unpinned memories at most their share of the budget, newest first, unreported', () => {
    const autos = Array.from({ length: 30 }, (_, i) => ({
      content: `auto${i} ${'fact '.repeat(9)}`.trim(),
      isPinned: false,
    }));
    const prompt = build(autos);
    const system = prompt.messages[0]?.content ?? '';
    const kept = autos.filter((m) => system.includes(m.content));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(autos.length);
    // The newest (given first) go in; older ones roll off.
    expect(kept).toEqual(autos.slice(0, kept.length));
    expect(prompt.report.sectionTokens.memories).toBeLessThanOrEqual(
      Math.floor(prompt.report.budgetTokens * unpinnedMemoryShare),
    );
    expect(prompt.report.leftOut.memories).toBe(0);
    // History still fills the rest of the budget.
    expect(prompt.keptTurns).toBeGreaterThan(10);
  });

  it('still takes pinned memories beyond that share, and counts those that do not fit', () => {
    const pinned = Array.from({ length: 60 }, (_, i) => ({
      content: `pin${i} ${'fact '.repeat(9)}`.trim(),
    }));
    const prompt = build(pinned);
    const system = prompt.messages[0]?.content ?? '';
    const kept = pinned.filter((m) => system.includes(m.content)).length;
    expect(prompt.report.sectionTokens.memories).toBeGreaterThan(
      Math.floor(prompt.report.budgetTokens * unpinnedMemoryShare),
    );
    expect(prompt.report.leftOut.memories).toBe(pinned.length - kept);
    expect(prompt.report.usedTokens).toBeLessThanOrEqual(prompt.report.budgetTokens);
  });
});
