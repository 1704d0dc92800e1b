/**
 * The token count a chatbot card shows (product-core.md §3, Character.token_count): the editor shows it
 * live and the server stores the same number, so both use this estimate. The model's own tokenizer
 * lives in the workers; about four characters a token is what such cards quote.
 */
import type { CharacterFields } from '../schemas/character';

/** The definition fields that count toward a chatbot's tokens. */
export type TokenCountedFields = Pick<
  CharacterFields,
  'persona' | 'scenario' | 'greeting' | 'dialogue'
>;

/** Estimated tokens of a text: about four characters a token, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The chatbot's token count: persona, scenario, greeting and example dialogues together. */
export function estimateCharacterTokens(c: TokenCountedFields): number {
  return estimateTokens(c.persona + c.scenario + c.greeting + c.dialogue);
}
