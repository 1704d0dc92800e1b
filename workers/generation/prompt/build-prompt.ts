/**
 * Builds the model's chat prompt within the context budget (docs/architecture.md, "The chat path",
 * step 3): the character's definition and the message being answered always; then the greeting, the
 * example dialogue and the newest history, in that order, while they fit.
 */
import { fillMacros } from '#shared/rules/macros';
import type { ChatMessage } from '../../providers/provider';

export interface PromptCharacter {
  name: string;
  persona: string;
  scenario: string;
  dialogue: string;
}

export interface PromptTurn {
  role: 'user' | 'bot';
  content: string;
}

export interface PromptInput {
  character: PromptCharacter;
  userName: string;
  /** The highlights of the persona the user chats as (issue 11, personas), or null. */
  userPersona?: string | null;
  /** The conversation's branch in chat order, ending with the message to answer. */
  history: readonly PromptTurn[];
  contextSize: number;
  maxTokens: number;
  countTokens: (text: string) => number;
}

export interface BuiltPrompt {
  messages: ChatMessage[];
  /** How many turns of the history made it in (the greeting counts when it is included). */
  keptTurns: number;
  promptTokens: number;
}

/** Template tokens a chat format adds around each message (role markers, separators). */
export const messageOverheadTokens = 4;

/** Example dialogue as cards write it: `<START>` separates exchanges. */
function formatExamples(dialogue: string): string {
  return dialogue
    .split(/<START>/i)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .join('\n\n');
}

function describeCharacter(c: PromptCharacter, names: { char: string; user: string }): string {
  const parts = [
    `You are ${c.name}. Write ${c.name}'s next reply in a roleplay chat with ${names.user}. Stay in character, write only ${c.name}'s words and actions, and never write ${names.user}'s lines.`,
  ];
  if (c.persona.trim() !== '')
    parts.push(`${c.name}'s persona:\n${fillMacros(c.persona.trim(), names)}`);
  if (c.scenario.trim() !== '') parts.push(`Scenario:\n${fillMacros(c.scenario.trim(), names)}`);
  return parts.join('\n\n');
}

/** The persona the user chats as, after the character's definition (issue 11, personas). */
function describeUser(
  highlights: string | null | undefined,
  names: { char: string; user: string },
): string {
  const text = highlights?.trim() ?? '';
  return text === '' ? '' : `\n\n${names.user}'s persona:\n${fillMacros(text, names)}`;
}

/** Cuts text to at most `budget` tokens, keeping its start. */
function truncateToTokens(text: string, budget: number, count: (t: string) => number): string {
  if (count(text) <= budget) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (count(text.slice(0, mid)) <= budget) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low);
}

export function buildPrompt(input: PromptInput): BuiltPrompt {
  const names = { char: input.character.name, user: input.userName };
  const cost = (text: string) => input.countTokens(text) + messageOverheadTokens;
  const budget = Math.max(0, input.contextSize - input.maxTokens);
  const toMessage = (t: PromptTurn): ChatMessage => ({
    role: t.role === 'user' ? 'user' : 'assistant',
    content: t.content,
  });

  const turns = input.history;
  const last = turns.at(-1);
  const lastMessage: ChatMessage[] = last ? [toMessage(last)] : [];
  const lastCost = last ? cost(last.content) : 0;

  let system = describeCharacter(input.character, names) + describeUser(input.userPersona, names);
  if (cost(system) + lastCost > budget) {
    system = truncateToTokens(
      system,
      Math.max(0, budget - lastCost - messageOverheadTokens),
      input.countTokens,
    );
  }
  let used = cost(system) + lastCost;

  // The greeting opens the conversation; keep it as the scene-setter while it fits.
  const greeting = turns.length > 1 && turns[0]?.role === 'bot' ? turns[0] : undefined;
  let keepGreeting = false;
  if (greeting && used + cost(greeting.content) <= budget) {
    keepGreeting = true;
    used += cost(greeting.content);
  }

  const examples = formatExamples(fillMacros(input.character.dialogue, names));
  if (examples !== '') {
    const withExamples = `${system}\n\nExample dialogue:\n${examples}`;
    const extra = cost(withExamples) - cost(system);
    if (used + extra <= budget) {
      system = withExamples;
      used += extra;
    }
  }

  // Newest history first, between the greeting and the last message, until the budget is spent.
  const middle = turns.slice(greeting ? 1 : 0, -1);
  const kept: ChatMessage[] = [];
  for (let i = middle.length - 1; i >= 0; i--) {
    const turn = middle[i];
    if (!turn) break;
    const c = cost(turn.content);
    if (used + c > budget) break;
    used += c;
    kept.unshift(toMessage(turn));
  }

  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    ...(keepGreeting && greeting ? [toMessage(greeting)] : []),
    ...kept,
    ...lastMessage,
  ];
  return { messages, keptTurns: messages.length - 1, promptTokens: used };
}
