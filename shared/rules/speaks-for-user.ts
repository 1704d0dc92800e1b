/**
 * Replies in which the bot writes the user's own actions or speech (issue 11, item 9; the spec's
 * "Respond as User" rating reason). The chat marks such a reply and offers to regenerate it.
 *
 * A reply speaks for the user when, outside the bot's own quoted speech:
 * - a sentence, line or *action* starts with the user's name (or {{user}}) and goes on with a lowercase
 *   word ("{{user}} nods", "*Nico smiles*"), not a comma or other punctuation ("Nico, come here");
 * - a line is written as a script line of the user ("Nico: Hello");
 * - an *action* narrates the user in the second person ("*You nod slowly*");
 * - quoted speech is attributed to the user ('"Hi," Nico says', 'said Nico').
 * Merely mentioning the user ("Hello, Nico", "She hands Nico the key") is not speaking for them.
 */

/** Verbs that attribute quoted speech to whoever they name. */
const speechVerbs = [
  'says',
  'said',
  'asks',
  'asked',
  'replies',
  'replied',
  'answers',
  'answered',
  'whispers',
  'whispered',
  'shouts',
  'shouted',
  'murmurs',
  'murmured',
  'mutters',
  'muttered',
  'exclaims',
  'exclaimed',
  'responds',
  'responded',
  'adds',
  'added',
  'continues',
  'continued',
  'yells',
  'yelled',
  'laughs',
  'laughed',
];

export type SpeaksForUserReason = 'narrates_user' | 'script_line' | 'second_person' | 'speech';

export interface SpeaksForUser {
  reason: SpeaksForUserReason;
  /** The words that gave it away, as written in the reply. */
  evidence: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Quoted speech ("…" or “…”), which is the bot's own unless attributed to the user. */
const quoted = /"[^"\n]*"|“[^”\n]*”/g;

/**
 * Whether a reply writes the user's own actions or speech; null when it does not. `names` are the
 * names the user goes by in this chat (the persona's name); {{user}} always counts.
 */
export function speaksForUser(text: string, names: readonly string[]): SpeaksForUser | null {
  const userNames = [...new Set(['{{user}}', ...names.map((n) => n.trim())])].filter(
    (n) => n.length > 0,
  );
  const name = `(?:${userNames.map(escape).join('|')})`;
  const speech = `(?:${speechVerbs.join('|')})`;

  // Attributed speech, read with the quotes in place: '"Hi," Nico says' or '"Hi," said Nico'.
  const attributed = new RegExp(
    `(?:"[^"\\n]*"|“[^”\\n]*”)[ \\t]*,?[ \\t]*(?:${name}[ \\t]+(?:\\w+[ \\t]+)?${speech}\\b|${speech}[ \\t]+${name}(?![\\w']))`,
    'i',
  );
  const spoken = attributed.exec(text);
  if (spoken) return { reason: 'speech', evidence: spoken[0] };

  // The rest is read without the bot's quoted speech: a name inside it is the bot talking.
  const narration = text.replace(quoted, (q) => ' '.repeat(q.length));

  const script = new RegExp(`(?:^|\\n)[ \\t*_]*${name}[ \\t]*:`);
  const line = script.exec(narration);
  if (line) return { reason: 'script_line', evidence: line[0].trim() };

  // A sentence, line or action that starts with the user's name and goes on with a lowercase word.
  const subject = new RegExp(
    `(?:^|\\n|[.!?…][ \\t]+|\\*[ \\t]*)${name}(?:[ \\t]+(?:then|slowly|quickly|just|also|finally)\\b)?[ \\t]+[a-z]\\w*`,
  );
  const narrated = subject.exec(narration);
  if (narrated)
    return { reason: 'narrates_user', evidence: narrated[0].replace(/^[\s.!?…*]+/, '') };

  // An action in the second person: "*You nod slowly*".
  const youAction = /\*[ \t]*you[ \t]+[a-z]\w*[^*\n]*\*/i.exec(narration);
  if (youAction) return { reason: 'second_person', evidence: youAction[0] };
  return null;
}
