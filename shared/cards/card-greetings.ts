/**
 * An imported card's other greetings (docs/formats.md §1.2, §1.3), read from the card data kept beside
 * the chatbot (`CardExtras['data']`): `alternate_greetings` are the greeting's alternatives when a
 * chat starts, and `group_only_greetings` are offered instead when the chatbot opens a group chat.
 */
import { characterLimits } from '../rules/character';

/** The most greetings of each kind a chat starts with; real cards carry a handful. */
export const cardGreetingsMax = 50;

export interface CardGreetings {
  alternate: string[];
  groupOnly: string[];
}

/** A chatbot not imported from a card has none. */
export const noCardGreetings: CardGreetings = { alternate: [], groupOnly: [] };

/** The greetings in a kept list: text that is not blank, each within the greeting's maximum. */
function greetingsIn(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((g): g is string => typeof g === 'string' && g.trim() !== '')
    .slice(0, cardGreetingsMax)
    .map((g) => g.slice(0, characterLimits.greeting.max));
}

export function cardGreetingsOf(data: Readonly<Record<string, unknown>> | null): CardGreetings {
  if (data === null) return noCardGreetings;
  return {
    alternate: greetingsIn(data.alternate_greetings),
    groupOnly: greetingsIn(data.group_only_greetings),
  };
}

/**
 * The greetings a new chat opens with, in the order the member swipes through them: the character's
 * own first, then its alternatives; blank ones are skipped.
 */
export function openingGreetings(greeting: string, alternatives: readonly string[]): string[] {
  return [greeting, ...alternatives].filter((g) => g.trim() !== '');
}
