/**
 * The little markup chat text carries (product-core.md, chat): `**bold**`, and roleplay actions in
 * `*asterisks*` shown in italics. Parsed into plain runs of text, never HTML, so nothing a model or a
 * member writes can become markup. As in Markdown, a marker opens only before a non-space and closes
 * only after one ("2 * 3 * 4" stays as typed); a marker never closed (a reply mid-stream) is shown as
 * typed; `*actions*` may sit inside `**bold**` and the other way round.
 */

/** A run of text and the emphasis it is shown with. */
export interface MarkupRun {
  text: string;
  isBold: boolean;
  isItalic: boolean;
}

type Marker = '**' | '*';

interface Token {
  text: string;
  marker: Marker | null;
  /** For a marker: the index of the token it pairs with, once paired. */
  pair: number | null;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

export function parseRoleplayMarkup(text: string): MarkupRun[] {
  const tokens: Token[] = text
    .split(/(\*\*|\*)/)
    .filter((part) => part !== '')
    .map((part) => ({
      text: part,
      marker: part === '**' || part === '*' ? part : null,
      pair: null,
    }));

  // Pair markers with a stack; openers left unpaired are shown as typed.
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (token.marker === null) return;
    const before = tokens[i - 1]?.text.at(-1);
    const after = tokens[i + 1]?.text[0];
    const canClose = !isSpace(before) && tokens[i - 1]?.marker !== token.marker;
    const canOpen = !isSpace(after);
    const match = canClose ? open.findLastIndex((j) => tokens[j]?.marker === token.marker) : -1;
    if (match !== -1) {
      const opener = open[match] ?? -1;
      // Openers between the pair stay literal: emphasis never crosses.
      open.splice(match);
      token.pair = opener;
      const openerToken = tokens[opener];
      if (openerToken !== undefined) openerToken.pair = i;
    } else if (canOpen) {
      open.push(i);
    }
  });

  const runs: MarkupRun[] = [];
  let bold = 0;
  let italic = 0;
  const push = (part: string) => {
    const last = runs.at(-1);
    const isBold = bold > 0;
    const isItalic = italic > 0;
    if (last !== undefined && last.isBold === isBold && last.isItalic === isItalic) {
      last.text += part;
    } else {
      runs.push({ text: part, isBold, isItalic });
    }
  };
  tokens.forEach((token, i) => {
    if (token.marker === null || token.pair === null) {
      push(token.text);
      return;
    }
    const delta = token.pair > i ? 1 : -1;
    if (token.marker === '**') bold += delta;
    else italic += delta;
  });
  return runs.filter((run) => run.text !== '');
}
