/**
 * Text PostgreSQL refuses: a NUL character (text columns cannot hold U+0000, jsonb refuses `\u0000`)
 * or a lone UTF-16 surrogate (no UTF-8 exists for it: jsonb refuses its escape, and a text column would
 * silently get U+FFFD instead). Input is checked for it once, where it is parsed (server/lib/errors.ts),
 * and a whole imported character card is checked with it too (shared/cards).
 */

const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A value met on the walk, linked to its parent so a path is only built for the one that fails. */
interface Node {
  value: unknown;
  key: string | number | undefined;
  parent: Node | undefined;
}

function pathOf(node: Node | undefined): string {
  const keys: (string | number)[] = [];
  for (let n = node; n?.key !== undefined; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
}

/**
 * The path (`a.0.b`, as zod names fields) of the first string or object key holding unstorable text in
 * a parsed value, or undefined when there is none. Walks arrays and any other object (a parsed query
 * string has no Object.prototype) in document order and without recursion, so a deeply nested payload
 * cannot overflow the stack.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const stack: Node[] = [{ value, key: undefined, parent: undefined }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const v = node.value;
    if (typeof v === 'string') {
      if (unstorable.test(v)) return pathOf(node);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    // Binary data (socket.io attachments) holds no text.
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((item: unknown, i) => [i, item])
      : Object.entries(v);
    for (const [key] of entries) {
      if (typeof key === 'string' && unstorable.test(key)) {
        return pathOf({ value: undefined, key, parent: node });
      }
    }
    for (const [key, item] of entries.reverse()) stack.push({ value: item, key, parent: node });
  }
  return undefined;
}
