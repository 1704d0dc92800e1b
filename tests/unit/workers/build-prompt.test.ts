import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  messageOverheadTokens,
  type PromptLoreEntry,
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

const noExtras = { persona: null, memories: [], lorebookEntries: [] };

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
      ...noExtras,
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

  it('drops the oldest turns first, the greeting among them, and keeps the last message', () => {
    const history = turns(42);
    const prompt = buildPrompt({
      character,
      userName: 'Sam',
      ...noExtras,
      history,
      contextSize: 400,
      maxTokens: 100,
      countTokens: countWords,
    });
    const contents = prompt.messages.slice(1).map((m) => m.content);
    expect(contents.at(-1)).toBe(history[41]?.content);
    expect(contents).not.toContain(history[0]?.content);
    // Kept turns are the newest ones, contiguous and in order; the report counts the rest.
    const firstKept = history.findIndex((t) => t.content === contents[0]);
    expect(contents).toEqual(history.slice(firstKept).map((t) => t.content));
    expect(prompt.report.leftOut.turns).toBe(firstKept);
    expect(prompt.keptTurns).toBe(42 - firstKept);
  });

  it('never exceeds the budget of context minus reply tokens', () => {
    for (const size of [150, 300, 700, 1200]) {
      const prompt = buildPrompt({
        character,
        userName: 'Sam',
        ...noExtras,
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

  it('keeps the example dialogue before older history when space is short', () => {
    const history = turns(4);
    const tight = buildPrompt({
      character,
      userName: 'Sam',
      ...noExtras,
      history,
      contextSize: 100 + 90,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(tight.messages[0]?.content).toContain('Come in from the rain');
    expect(tight.messages.at(-1)?.content).toBe(history[3]?.content);
    expect(tight.report.leftOut.isExamplesLeftOut).toBe(false);
    expect(tight.report.leftOut.turns).toBeGreaterThan(0);
  });

  it('truncates an oversized definition so the message being answered still fits', () => {
    const huge = { ...character, persona: 'long '.repeat(5000) };
    const history: PromptTurn[] = [{ role: 'user', content: 'Are you there?' }];
    const prompt = buildPrompt({
      character: huge,
      userName: 'Sam',
      ...noExtras,
      history,
      contextSize: 300,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(prompt.messages.at(-1)?.content).toBe('Are you there?');
    expect(prompt.promptTokens).toBeLessThanOrEqual(200);
  });

  it('fills in the fixed order: persona, pinned memories, lorebook entries, examples, history', () => {
    const prompt = buildPrompt({
      character,
      userName: 'Sam',
      persona: { highlights: 'Sam is a soaked courier.' },
      memories: [{ content: 'Sam fears the dark.' }, { content: '{{char}} owes Sam a favour.' }],
      lorebookEntries: [
        { content: 'The lighthouse is on Gull Rock.', placement: 'after_char', depth: 4 },
      ],
      history: turns(3),
      contextSize: 4096,
      maxTokens: 100,
      countTokens: countWords,
    });
    const system = prompt.messages[0]?.content ?? '';
    const order = [
      'Mara is a lighthouse keeper',
      'The lighthouse is on Gull Rock.',
      "Sam's persona:\nSam is a soaked courier.",
      'Memories:\n- Sam fears the dark.',
      '- Mara owes Sam a favour.',
      'Example dialogue:',
    ].map((part) => system.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(prompt.report.leftOut).toEqual({
      isDefinitionCut: false,
      cardPrompts: 0,
      isPersonaLeftOut: false,
      memories: 0,
      lorebookEntries: 0,
      isExamplesLeftOut: false,
      turns: 0,
    });
    const sections = prompt.report.sectionTokens;
    expect(
      sections.definition +
        sections.persona +
        sections.memories +
        sections.lorebook +
        sections.examples +
        sections.history,
    ).toBe(prompt.report.usedTokens);
  });

  it('gives pinned memories priority over history and reports the ones that did not fit', () => {
    const memories = Array.from({ length: 10 }, (_, i) => ({
      content: `fact${i} ${'detail '.repeat(19)}`.trim(),
    }));
    const history = turns(20);
    const prompt = buildPrompt({
      character: { ...character, dialogue: '' },
      userName: 'Sam',
      persona: null,
      memories,
      lorebookEntries: [],
      history,
      contextSize: 100 + 200,
      maxTokens: 100,
      countTokens: countWords,
    });
    const system = prompt.messages[0]?.content ?? '';
    const kept = memories.filter((m) => system.includes(m.content)).length;
    expect(kept).toBeGreaterThan(0);
    expect(prompt.report.leftOut.memories).toBe(memories.length - kept);
    // Memories are spent first, so few turns are left beside the message being answered.
    expect(prompt.messages.at(-1)?.content).toBe(history[19]?.content);
    expect(prompt.report.leftOut.turns).toBeGreaterThan(15);
    expect(prompt.report.usedTokens).toBeLessThanOrEqual(200);
  });

  it('adds the memory heading with the first memory that fits', () => {
    const prompt = buildPrompt({
      character: { ...character, dialogue: '' },
      userName: 'Sam',
      persona: null,
      memories: [{ content: 'huge '.repeat(500) }, { content: 'Sam fears the dark.' }],
      lorebookEntries: [],
      history: [{ role: 'user', content: 'Hi' }],
      contextSize: 100 + 120,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(prompt.messages[0]?.content).toContain('Memories:\n- Sam fears the dark.');
    expect(prompt.report.leftOut.memories).toBe(1);
  });

  it('leaves out a persona that does not fit and says so', () => {
    const prompt = buildPrompt({
      character: { ...character, dialogue: '' },
      userName: 'Sam',
      persona: { highlights: 'long '.repeat(400) },
      memories: [],
      lorebookEntries: [],
      history: [{ role: 'user', content: 'Hi' }],
      contextSize: 100 + 120,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(prompt.messages[0]?.content).not.toContain("Sam's persona");
    expect(prompt.report.leftOut.isPersonaLeftOut).toBe(true);
  });
});

describe('lorebook placement', () => {
  const build = (lorebookEntries: PromptLoreEntry[], contextSize = 4096) =>
    buildPrompt({
      character,
      userName: 'Sam',
      ...noExtras,
      lorebookEntries,
      history: turns(4),
      contextSize,
      maxTokens: 100,
      countTokens: countWords,
    });

  it('puts entries before and after the character definition', () => {
    const prompt = build([
      { content: 'Before the keeper.', placement: 'before_char', depth: 4 },
      { content: 'After the keeper.', placement: 'after_char', depth: 4 },
    ]);
    const system = prompt.messages[0]?.content ?? '';
    expect(system.startsWith('Before the keeper.\n\nYou are Mara.')).toBe(true);
    const after = system.indexOf('After the keeper.');
    expect(after).toBeGreaterThan(system.indexOf('Scenario:'));
    expect(after).toBeLessThan(system.indexOf('Example dialogue:'));
  });

  it('puts an entry at a depth as a system message that many messages from the end', () => {
    const prompt = build([
      { content: 'At depth two.', placement: 'at_depth', depth: 2 },
      { content: 'At the end, {{user}}.', placement: 'at_depth', depth: 0 },
      { content: 'Deeper than the chat.', placement: 'at_depth', depth: 50 },
    ]);
    expect(prompt.messages.map((m) => (m.role === 'system' ? m.content : m.role))).toEqual([
      prompt.messages[0]?.content,
      'Deeper than the chat.',
      'assistant',
      'user',
      'At depth two.',
      'assistant',
      'user',
      'At the end, Sam.',
    ]);
    expect(prompt.keptTurns).toBe(4);
    expect(prompt.report.sectionTokens.lorebook).toBe(
      countWords('At depth two. At the end, Sam. Deeper than the chat.') +
        3 * messageOverheadTokens,
    );
  });

  it('leaves out an entry at a depth that does not fit and counts it', () => {
    const long = 'word '.repeat(400).trim();
    const prompt = build([{ content: long, placement: 'at_depth', depth: 1 }], 500);
    expect(prompt.messages.some((m) => m.content === long)).toBe(false);
    expect(prompt.report.leftOut.lorebookEntries).toBe(1);
  });
});
