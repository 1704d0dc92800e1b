/**
 * How the offline engine splits a text so the first audio comes fast: sentences, long ones cut at a
 * comma or a space, and a short first piece (espeak-ng writes a piece's audio only when it is done).
 */

/** The first piece is at most this long: about a quarter of a second of work on a slow machine. */
const firstMax = 80;
const pieceMax = 200;

function cut(text: string, max: number): [string, string] {
  if (text.length <= max) return [text, ''];
  const window = text.slice(0, max);
  const at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
  const space = window.lastIndexOf(' ');
  const end = at > max / 3 ? at + 1 : space > 0 ? space : max;
  return [text.slice(0, end).trim(), text.slice(end).trim()];
}

/** The pieces of `text` in order; joined by spaces they are the whole text. */
export function speechSegments(text: string): string[] {
  const sentences = text.split(/(?<=[.!?…])\s+/).filter((s) => s.trim() !== '');
  const pieces: string[] = [];
  for (const sentence of sentences) {
    let rest = sentence.trim();
    while (rest !== '') {
      const [piece, after] = cut(rest, pieces.length === 0 ? firstMax : pieceMax);
      pieces.push(piece);
      rest = after;
    }
  }
  return pieces;
}
