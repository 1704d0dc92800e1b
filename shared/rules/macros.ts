/**
 * Card macros ({{char}}, {{user}}, {{original}}) as character cards use them (docs/formats.md §1.1,
 * §1.2). One pass over the text: what a macro expands to is never read again, so a value holding
 * macros (a name, or a card prompt whose `{{original}}` holds `{{original}}`) cannot loop or grow
 * beyond one copy per macro; anything else in braces is plain text.
 */

/** The name a user goes by in prompts and greetings until personas exist. */
export const defaultUserName = 'User';

/** What the macros expand to; `{{original}}` only where a card prompt replaces one of ours. */
export interface MacroValues {
  char: string;
  user: string;
  /** The prompt a card's system prompt or post-history instructions replace; absent: left as text. */
  original?: string;
}

/**
 * Fills the macros in one pass. `maxChars` bounds the result while it is built, so a text of many
 * `{{original}}` with a long value stops growing at the bound instead of being cut afterwards.
 */
export function fillMacros(text: string, values: MacroValues, maxChars = Infinity): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/\{\{(char|user|original)\}\}/gi)) {
    const which = (match[1] ?? '').toLowerCase();
    const value =
      which === 'char'
        ? values.char
        : which === 'user'
          ? values.user
          : (values.original ?? match[0]);
    out += text.slice(last, match.index) + value;
    last = match.index + match[0].length;
    if (out.length >= maxChars) return out.slice(0, maxChars);
  }
  out += text.slice(last);
  return out.length > maxChars ? out.slice(0, maxChars) : out;
}
