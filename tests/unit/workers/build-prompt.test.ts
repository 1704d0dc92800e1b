import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  messageOverheadTokens,
  type PromptTurn,
} from '#workers/generation/prompt/build-prompt';

/** One token per word: easy to reason about budgets. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const character = {
  name: 'Mara',
  persona: 'Mara is a lighthouse keeper who talks to {{user}} about storms.',
  scenario: '{{user}} arrives at the lighthouse at night.',
  dialogue: '<START>\n{{user}}: Hello?\n{{char}}: Come in from the rain.',
};

function turns(n: number): PromptTurn[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'bot' : 'user',
    content: `turn${i} ${'word '.repeat(9)}`.trim(),
  }));
}

describe('buildPrompt', () => {
  it('includes persona, scenario, examples, greeting and the whole history when it fits', () => {
    const history = turns(6);
    const prompt = buildPrompt({
      character,
      userName: 'Sam',
      history,
      contextSize: 4096,
      maxTokens: 100,
      countTokens: countWords,
    });
    const system = prompt.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Mara is a lighthouse keeper who talks to Sam about storms.');
    expect(system?.content).toContain('Sam arrives at the lighthouse at night.');
    expect(system?.content).toContain('Sam: Hello?\nMara: Come in from the rain.');
    expect(system?.content).not.toContain('<START>');
    expect(prompt.messages.slice(1).map((m) => m.content)).toEqual(history.map((t) => t.content));
    expect(prompt.messages[1]?.role).toBe('assistant');
    expect(prompt.messages.at(-1)?.role).toBe('user');
  });

  it('drops the oldest middle turns first and keeps the greeting and the last message', () => {
    const history = turns(42);
    const prompt = buildPrompt({
      character,
      userName: 'Sam',
      history,
      contextSize: 400,
      maxTokens: 100,
      countTokens: countWords,
    });
    const contents = prompt.messages.map((m) => m.content);
    expect(contents[1]).toBe(history[0]?.content);
    expect(contents.at(-1)).toBe(history[41]?.content);
    expect(contents).not.toContain(history[1]?.content);
    expect(contents).toContain(history[40]?.content);
    // Kept middle turns are the newest ones, contiguous and in order.
    const middle = contents.slice(2, -1);
    const firstKept = history.findIndex((t) => t.content === middle[0]);
    expect(middle).toEqual(history.slice(firstKept, 41).map((t) => t.content));
  });

  it('never exceeds the budget of context minus reply tokens', () => {
    for (const size of [150, 300, 700, 1200]) {
      const prompt = buildPrompt({
        character,
        userName: 'Sam',
        history: turns(60),
        contextSize: size,
        maxTokens: 100,
        countTokens: countWords,
      });
      const used = prompt.messages.reduce(
        (n, m) => n + countWords(m.content) + messageOverheadTokens,
        0,
      );
      expect(used).toBeLessThanOrEqual(size - 100);
      expect(prompt.promptTokens).toBe(used);
    }
  });

  it('drops example dialogue before the history when space is short', () => {
    const history = turns(4);
    const tight = buildPrompt({
      character,
      userName: 'Sam',
      history,
      contextSize: 100 + 70,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(tight.messages[0]?.content).not.toContain('Come in from the rain');
    expect(tight.messages.at(-1)?.content).toBe(history[3]?.content);
  });

  it('truncates an oversized definition so the message being answered still fits', () => {
    const huge = { ...character, persona: 'long '.repeat(5000) };
    const history: PromptTurn[] = [{ role: 'user', content: 'Are you there?' }];
    const prompt = buildPrompt({
      character: huge,
      userName: 'Sam',
      history,
      contextSize: 300,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(prompt.messages.at(-1)?.content).toBe('Are you there?');
    expect(prompt.promptTokens).toBeLessThanOrEqual(200);
  });
});
