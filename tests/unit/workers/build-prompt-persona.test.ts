/** The user's persona in the prompt (issue 11, personas): its name fills {{user}}, its highlights follow the character. */
import { describe, expect, it } from 'vitest';
import { buildPrompt } from '#workers/generation/prompt/build-prompt';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const input = {
  character: {
    name: 'Mara',
    persona: 'Mara keeps a lighthouse.',
    scenario: '{{user}} arrives at night.',
    dialogue: '',
  },
  history: [{ role: 'user' as const, content: 'Hello?' }],
  contextSize: 4096,
  maxTokens: 100,
  countTokens: countWords,
};

describe('buildPrompt with a persona', () => {
  it("names the user by the persona and states its highlights after the character's definition", () => {
    const prompt = buildPrompt({
      ...input,
      userName: 'Nico',
      persona: { highlights: 'Nico is a sailor who fears {{char}}.' },
    });
    const system = prompt.messages[0]?.content ?? '';
    expect(system).toContain('Nico arrives at night.');
    expect(system).toContain("Nico's persona:\nNico is a sailor who fears Mara.");
    expect(system.indexOf("Nico's persona")).toBeGreaterThan(system.indexOf('Scenario:'));
  });

  it('adds nothing for a user without a persona', () => {
    const prompt = buildPrompt({ ...input, userName: 'User', persona: null });
    expect(prompt.messages[0]?.content).not.toContain("User's persona");
  });
});
