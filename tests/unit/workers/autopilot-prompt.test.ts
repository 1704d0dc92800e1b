/** The autopilot prompt (issue 11, item 9): the reply prompt seen from the user's side. */
import { describe, expect, it } from 'vitest';
import { buildAutopilotPrompt } from '#workers/generation/prompt/autopilot-prompt';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const input = {
  character: {
    name: 'Mara',
    persona: 'Mara keeps a lighthouse and distrusts {{user}}.',
    scenario: '{{user}} arrives at night; {{char}} opens the door.',
    dialogue: '{{char}}: Who goes there?',
  },
  userName: 'Nico',
  persona: { highlights: 'Nico is a sailor who fears {{char}}.' },
  history: [
    { role: 'bot' as const, content: 'Who knocks at {{char}}’s door?' },
    { role: 'user' as const, content: 'A lost sailor.' },
    { role: 'bot' as const, content: 'Come in, {{user}}.' },
  ],
  contextSize: 4096,
  maxTokens: 100,
  countTokens: countWords,
};

describe('buildAutopilotPrompt', () => {
  it('plays the persona against the character, with placeholders resolved to the real names', () => {
    const prompt = buildAutopilotPrompt({ ...input, intent: '' });
    const system = prompt.messages[0]?.content ?? '';
    expect(system).toContain("You are Nico. Write Nico's next reply");
    expect(system).toContain("never write Mara's lines");
    expect(system).toContain('Nico is a sailor who fears Mara.');
    expect(system).toContain('Nico arrives at night; Mara opens the door.');
    expect(system).toContain("Mara's persona:\nMara keeps a lighthouse and distrusts Nico.");
    // The character's example dialogue is not the user's voice.
    expect(system).not.toContain('Who goes there?');
    expect(system).not.toContain('In this turn');
  });

  it('swaps the roles of the history and ends with the reply being answered', () => {
    const prompt = buildAutopilotPrompt({ ...input, intent: '' });
    expect(prompt.messages.slice(1)).toEqual([
      { role: 'user', content: 'Who knocks at Mara’s door?' },
      { role: 'assistant', content: 'A lost sailor.' },
      { role: 'user', content: 'Come in, Nico.' },
    ]);
  });

  it('states the intent with the definition, so it stays when history is cut', () => {
    const intent = 'I try to leave';
    const full = buildAutopilotPrompt({ ...input, intent });
    expect(full.messages[0]?.content).toContain('"I try to leave"');
    const tight = buildAutopilotPrompt({
      ...input,
      intent,
      contextSize: full.report.sectionTokens.definition + 10 + input.maxTokens,
    });
    expect(tight.messages[0]?.content).toContain('"I try to leave"');
    expect(tight.report.leftOut.turns).toBeGreaterThan(0);
    expect(tight.messages.at(-1)).toEqual({ role: 'user', content: 'Come in, Nico.' });
  });
});
