/** A card's system prompt, post-history instructions and depth prompt in the reply prompt. */
import { describe, expect, it } from 'vitest';
import { noCardPrompt, type CardPrompt } from '#shared/cards/card-prompt';
import { buildPrompt, type PromptTurn } from '#workers/generation/prompt/build-prompt';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const character = {
  name: 'Mara',
  persona: 'Mara keeps the lighthouse.',
  scenario: '',
  dialogue: '',
};

const ours =
  "You are Mara. Write Mara's next reply in a roleplay chat with Sam. Stay in character, write only Mara's words and actions, and never write Sam's lines.";

function turns(n: number): PromptTurn[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'bot' : 'user',
    content: `turn${i}`,
  }));
}

function build(card: Partial<CardPrompt>, history = turns(4), contextSize = 4096) {
  return buildPrompt({
    character,
    card: { ...noCardPrompt, ...card },
    userName: 'Sam',
    history,
    contextSize,
    maxTokens: 100,
    countTokens: countWords,
  });
}

const contents = (p: ReturnType<typeof build>) => p.messages.map((m) => `${m.role}:${m.content}`);

describe('buildPrompt with a card', () => {
  it('uses our system prompt when the card has none', () => {
    const prompt = build({});
    expect(prompt.messages[0]?.content.startsWith(ours)).toBe(true);
    expect(prompt.messages).toHaveLength(5);
    expect(prompt.report.sectionTokens.cardPrompts).toBe(0);
  });

  it("replaces our system prompt with the card's, its macros filled", () => {
    const prompt = build({
      systemPrompt: 'Narrate as {{char}} for {{user}}, in the third person.',
    });
    const system = prompt.messages[0]?.content ?? '';
    expect(system.startsWith('Narrate as Mara for Sam, in the third person.')).toBe(true);
    expect(system).not.toContain('You are Mara.');
    expect(system).toContain('Mara keeps the lighthouse.');
  });

  it("expands {{original}} in the card's system prompt to ours, each time it appears", () => {
    const prompt = build({ systemPrompt: 'Be vivid. {{original}} And {{ORIGINAL}}' });
    expect(prompt.messages[0]?.content.startsWith(`Be vivid. ${ours} And ${ours}`)).toBe(true);
  });

  it('uses ours for a blank card system prompt', () => {
    expect(build({ systemPrompt: '  \n ' }).messages[0]?.content.startsWith(ours)).toBe(true);
  });

  it('puts the post-history instructions after the whole history, {{original}} empty', () => {
    const prompt = build({ postHistoryInstructions: '[{{original}}Keep {{char}} brief.]' });
    expect(contents(prompt).slice(1)).toEqual([
      'assistant:turn0',
      'user:turn1',
      'assistant:turn2',
      'user:turn3',
      'system:[Keep Mara brief.]',
    ]);
    expect(prompt.report.sectionTokens.cardPrompts).toBe(3 + 4);
    expect(prompt.report.usedTokens).toBeGreaterThan(build({}).report.usedTokens);
  });

  it('adds no message for post-history instructions that are only {{original}}', () => {
    expect(build({ postHistoryInstructions: '{{original}}' }).messages).toHaveLength(5);
  });

  it.each([
    [0, ['assistant:turn0', 'user:turn1', 'assistant:turn2', 'user:turn3', 'system:Whisper.']],
    [1, ['assistant:turn0', 'user:turn1', 'assistant:turn2', 'system:Whisper.', 'user:turn3']],
    [3, ['assistant:turn0', 'system:Whisper.', 'user:turn1', 'assistant:turn2', 'user:turn3']],
    [4, ['system:Whisper.', 'assistant:turn0', 'user:turn1', 'assistant:turn2', 'user:turn3']],
    [99, ['system:Whisper.', 'assistant:turn0', 'user:turn1', 'assistant:turn2', 'user:turn3']],
  ])('places the depth prompt at depth %i from the end of the history', (depth, expected) => {
    const prompt = build({ depthPrompt: { prompt: 'Whisper.', depth, role: 'system' } });
    expect(contents(prompt).slice(1)).toEqual(expected);
  });

  it.each(['system', 'user', 'assistant'] as const)('sends the depth prompt as %s', (role) => {
    const prompt = build({ depthPrompt: { prompt: '{{char}} hums.', depth: 1, role } });
    expect(prompt.messages.at(-2)).toEqual({ role, content: 'Mara hums.' });
  });

  it('puts the depth prompt at depth 0 before the post-history instructions', () => {
    const prompt = build({
      postHistoryInstructions: 'Last.',
      depthPrompt: { prompt: 'Deep.', depth: 0, role: 'user' },
    });
    expect(contents(prompt).slice(-2)).toEqual(['user:Deep.', 'system:Last.']);
  });

  it('places lore and the depth prompt at one depth, lore first', () => {
    const prompt = buildPrompt({
      character,
      card: { ...noCardPrompt, depthPrompt: { prompt: 'Card.', depth: 1, role: 'system' } },
      lorebookEntries: [{ content: 'Lore.', placement: 'at_depth', depth: 1 }],
      userName: 'Sam',
      history: turns(2),
      contextSize: 4096,
      maxTokens: 100,
      countTokens: countWords,
    });
    expect(contents(prompt).slice(1)).toEqual([
      'assistant:turn0',
      'system:Lore.',
      'system:Card.',
      'user:turn1',
    ]);
  });

  it('leaves out card prompts that do not fit and says how many', () => {
    const long = 'word '.repeat(500);
    const prompt = build(
      { postHistoryInstructions: long, depthPrompt: { prompt: long, depth: 0, role: 'system' } },
      turns(2),
      400,
    );
    expect(prompt.messages).toHaveLength(3);
    expect(prompt.report.leftOut.cardPrompts).toBe(2);
    expect(prompt.report.sectionTokens.cardPrompts).toBe(0);
  });
});

describe('buildPrompt card macros', () => {
  it('never expands {{original}} inside the text it expands to, nor names holding macros', () => {
    const prompt = buildPrompt({
      character: { ...character, name: '{{original}}{{user}}' },
      card: { ...noCardPrompt, systemPrompt: '<{{original}}>' },
      userName: '{{char}}',
      history: turns(1),
      contextSize: 4096,
      maxTokens: 100,
      countTokens: countWords,
    });
    const system = prompt.messages[0]?.content ?? '';
    expect(system.startsWith("<You are {{original}}{{user}}. Write {{original}}{{user}}'s")).toBe(
      true,
    );
    expect(system.match(/You are/g)).toHaveLength(1);
  });

  it('keeps malformed and nested braces as plain text', () => {
    const prompt = build({
      systemPrompt: '{{{char}}} {{orig{{char}}inal}} {{original} {{ user }} {{char',
      postHistoryInstructions: '{{#if x}}{{/if}} {{original}}}',
    });
    expect(
      prompt.messages[0]?.content.startsWith(
        '{Mara} {{origMarainal}} {{original} {{ user }} {{char',
      ),
    ).toBe(true);
    expect(prompt.messages.at(-1)?.content).toBe('{{#if x}}{{/if}} }');
  });

  it('bounds what a huge card prompt made of {{original}} grows to', () => {
    const huge = '{{original}}'.repeat(400_000);
    const prompt = build({ systemPrompt: huge, postHistoryInstructions: huge }, turns(2), 2048);
    const system = prompt.messages[0]?.content ?? '';
    expect(system.length).toBeLessThanOrEqual(100_000);
    expect(prompt.report.leftOut.isDefinitionCut).toBe(true);
    expect(prompt.report.usedTokens).toBeLessThanOrEqual(prompt.report.budgetTokens);
  });
});
