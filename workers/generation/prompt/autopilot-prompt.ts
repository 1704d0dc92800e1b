/**
 * The prompt of an autopilot draft (issue 11, item 9): the model writes the user's next turn. It is the
 * reply prompt seen from the other side (build-prompt.ts, same budget and priorities): the user's
 * persona is the one being played, the character is the one answered, the roles of the history swap,
 * and the user's intent ("I try to leave") goes with the definition, so it is the last thing cut.
 */
import { fillMacros } from '#shared/rules/macros';
import { buildPrompt, type BuiltPrompt, type PromptInput } from './build-prompt';

export interface AutopilotPromptInput extends PromptInput {
  /** What the user wants their turn to do, in their words, or empty. */
  intent: string;
}

export function buildAutopilotPrompt(input: AutopilotPromptInput): BuiltPrompt {
  const names = { char: input.character.name, user: input.userName };
  // Placeholders are resolved with the real names first: inside the swapped prompt {{char}} would
  // name the user.
  const fill = (text: string) => fillMacros(text, names);
  const highlights = fill(input.persona?.highlights.trim() ?? '');
  const intent = input.intent.trim();
  const playing = [
    highlights,
    intent === ''
      ? ''
      : `In this turn, ${input.userName} does what the user asked for, told in the user's own words: "${intent}". Write it as ${input.userName}'s own words and actions.`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return buildPrompt({
    ...input,
    character: {
      name: input.userName,
      persona: playing,
      scenario: fill(input.character.scenario),
      dialogue: '',
    },
    userName: input.character.name,
    persona:
      input.character.persona.trim() === '' ? null : { highlights: fill(input.character.persona) },
    history: input.history.map((turn) => ({
      role: turn.role === 'user' ? 'bot' : 'user',
      content: fill(turn.content),
    })),
  });
}
