/** Card macros ({{char}}, {{user}}) as character cards use them (docs/formats.md). */

/** The name a user goes by in prompts and greetings until personas exist. */
export const defaultUserName = 'User';

export function fillMacros(text: string, names: { char: string; user: string }): string {
  return text.replace(/\{\{(char|user)\}\}/gi, (_, which: string) =>
    which.toLowerCase() === 'char' ? names.char : names.user,
  );
}
