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

export function fillMacros(text: string, values: MacroValues): string {
  return text.replace(/\{\{(char|user|original)\}\}/gi, (macro, which: string) => {
    switch (which.toLowerCase()) {
      case 'char':
        return values.char;
      case 'user':
        return values.user;
      default:
        return values.original ?? macro;
    }
  });
}
