/**
 * A small Markdown reader for operator-written pages (the legal pages, issue 7 part 15): it turns text
 * into a tree of blocks and inlines that `components/markdown.tsx` renders as React elements, so no
 * text ever becomes HTML and nothing needs sanitising. It reads the CommonMark subset such pages use:
 * ATX headings, paragraphs with soft and hard breaks, bulleted and numbered lists (nested by
 * indentation), block quotes, thematic breaks, fenced code, and inline strong, emphasis, code, links,
 * autolinks and bare http(s) URLs. HTML is shown as text. Links keep only http(s), mailto, same-site
 * paths and fragments; any other target leaves just the link's text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' }
  | { type: 'code'; text: string };

/** The link targets kept: http(s), mailto, a same-site path (`/terms`, not `//host`) or a fragment. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // Whitespace or control characters inside a target are how scheme filters get fooled.
  if (href === '' || /\s/.test(href) || hasControl(href)) return null;
  if (/^(?:https?:\/\/|mailto:)/i.test(href)) return href;
  if (/^\/(?![/\\])/.test(href) || href.startsWith('#')) return href;
  return null;
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const fence = /^ {0,3}(`{3,}|~{3,})/;
const heading = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*)$/;
const rule = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const quote = /^ {0,3}> ?(.*)$/;
const listItem = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function startsBlock(line: string): boolean {
  return (
    fence.test(line) ||
    heading.test(line) ||
    rule.test(line) ||
    quote.test(line) ||
    listItem.test(line)
  );
}

/** Columns of leading indentation (a tab counts as four). */
function indentOf(line: string): number {
  let n = 0;
  for (const ch of line) {
    if (ch === ' ') n += 1;
    else if (ch === '\t') n += 4 - (n % 4);
    else break;
  }
  return n;
}

/** The line without its first `columns` columns of indentation. */
function dedent(line: string, columns: number): string {
  let n = 0;
  let i = 0;
  while (i < line.length && n < columns) {
    const ch = line[i];
    if (ch === ' ') n += 1;
    else if (ch === '\t') n += 4 - (n % 4);
    else break;
    i += 1;
  }
  return line.slice(i);
}

interface Marker {
  ordered: boolean;
  /** `-`, `*`, `+`, `.` or `)`: items of one list share it. */
  kind: string;
  start: number;
  /** Columns from the line's start to the item's content. */
  contentIndent: number;
  first: string;
}

function markerOf(line: string): Marker | null {
  const m = listItem.exec(line);
  if (m === null) return null;
  const [, lead = '', mark = '', gap = '', rest = ''] = m;
  const ordered = /\d/.test(mark);
  // Five or more spaces after the marker: the content starts one space in (the rest is indentation).
  const gapColumns = gap === '' ? 1 : indentOf(gap) > 4 ? 1 : indentOf(gap);
  return {
    ordered,
    kind: ordered ? mark.slice(-1) : mark,
    start: ordered ? Number(mark.slice(0, -1)) : 1,
    contentIndent: lead.length + mark.length + gapColumns,
    first: gap !== '' && indentOf(gap) > 4 ? dedent(gap, 1) + rest : rest,
  };
}

/** Reads Markdown into blocks. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i += 1;
      continue;
    }

    const open = fence.exec(line);
    if (open !== null) {
      const mark = open[1] ?? '```';
      const body: string[] = [];
      i += 1;
      while (i < lines.length) {
        const next = lines[i] ?? '';
        const close = fence.exec(next);
        if (close !== null && (close[1] ?? '').startsWith(mark) && next.trim() === close[1]) {
          i += 1;
          break;
        }
        body.push(next);
        i += 1;
      }
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }

    const h = heading.exec(line);
    if (h !== null) {
      const level = Math.min(6, (h[1] ?? '#').length);
      const text = (h[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
      blocks.push({ type: 'heading', level: toLevel(level), children: parseInline(text) });
      i += 1;
      continue;
    }

    if (rule.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }

    if (quote.test(line)) {
      const inner: string[] = [];
      while (i < lines.length) {
        const q = quote.exec(lines[i] ?? '');
        if (q === null) break;
        inner.push(q[1] ?? '');
        i += 1;
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner) });
      continue;
    }

    const marker = markerOf(line);
    if (marker !== null) {
      const { block, next } = parseList(lines, i, marker);
      blocks.push(block);
      i = next;
      continue;
    }

    const text: string[] = [line];
    i += 1;
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (isBlank(next) || startsBlock(next)) break;
      text.push(next);
      i += 1;
    }
    blocks.push({ type: 'paragraph', children: parseParagraph(text) });
  }
  return blocks;
}

function toLevel(n: number): 1 | 2 | 3 | 4 | 5 | 6 {
  switch (n) {
    case 1:
      return 1;
    case 2:
      return 2;
    case 3:
      return 3;
    case 4:
      return 4;
    case 5:
      return 5;
    default:
      return 6;
  }
}

/** A list from its first item's line: items of the same kind, each item's lines read as blocks. */
function parseList(
  lines: readonly string[],
  from: number,
  first: Marker,
): { block: Block; next: number } {
  const items: Block[][] = [];
  let i = from;
  let marker: Marker | null = first;
  while (marker !== null) {
    const body: string[] = [marker.first];
    const indent = marker.contentIndent;
    i += 1;
    while (i < lines.length) {
      const line = lines[i] ?? '';
      if (isBlank(line)) {
        // A blank line stays in the item only if the item goes on, indented, after it.
        let j = i;
        while (j < lines.length && isBlank(lines[j] ?? '')) j += 1;
        const after = lines[j];
        if (after === undefined || indentOf(after) < indent) break;
        for (; i < j; i += 1) body.push('');
        continue;
      }
      if (indentOf(line) >= indent) {
        body.push(dedent(line, indent));
        i += 1;
        continue;
      }
      // A paragraph's lazy continuation line, unless it starts something else.
      const previous = body.at(-1) ?? '';
      if (!isBlank(previous) && !startsBlock(line)) {
        body.push(line.trim());
        i += 1;
        continue;
      }
      break;
    }
    items.push(parseBlocks(body));
    // The next item may follow blank lines (a loose list); anything else ends the list.
    let j = i;
    while (j < lines.length && isBlank(lines[j] ?? '')) j += 1;
    const nextLine = lines[j];
    const next: Marker | null = nextLine === undefined ? null : markerOf(nextLine);
    const isSameList = next !== null && next.ordered === first.ordered && next.kind === first.kind;
    marker = isSameList ? next : null;
    if (isSameList) i = j;
  }
  return {
    block: { type: 'list', ordered: first.ordered, start: first.start, items },
    next: i,
  };
}

/** A paragraph's lines: a break where a line ends in two spaces or a backslash, else a space. */
function parseParagraph(lines: readonly string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((raw, n) => {
    const isLast = n === lines.length - 1;
    const line = raw.trimStart();
    const hardBreak = !isLast && (/ {2,}$/.test(line) || /(?<!\\)\\$/.test(line));
    const text = hardBreak ? line.replace(/(?: {2,}|\\)$/, '') : line.trimEnd();
    out.push(...parseInline(text));
    if (isLast) return;
    out.push(hardBreak ? { type: 'break' } : { type: 'text', text: ' ' });
  });
  return mergeText(out);
}

const punctuation = /[!-/:-@[-`{-~]/;

/** Reads inline Markdown. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const rest = text.slice(i);

    if (ch === '\\' && punctuation.test(text[i + 1] ?? '')) {
      plain += text[i + 1] ?? '';
      i += 2;
      continue;
    }

    if (ch === '`') {
      const run = /^`+/.exec(rest)?.[0] ?? '`';
      const close = text.indexOf(run, i + run.length);
      if (close !== -1 && text[close + run.length] !== '`') {
        flush();
        const code = text.slice(i + run.length, close);
        const trimmed =
          code.startsWith(' ') && code.endsWith(' ') && code.trim() !== ''
            ? code.slice(1, -1)
            : code;
        out.push({ type: 'code', text: trimmed });
        i = close + run.length;
        continue;
      }
      plain += run;
      i += run.length;
      continue;
    }

    if (ch === '*' || ch === '_') {
      const emphasis = readEmphasis(text, i);
      if (emphasis !== null) {
        flush();
        out.push(emphasis.node);
        i = emphasis.next;
        continue;
      }
      const run = ch === '*' ? (/^\*+/.exec(rest)?.[0] ?? '*') : (/^_+/.exec(rest)?.[0] ?? '_');
      plain += run;
      i += run.length;
      continue;
    }

    if (ch === '[') {
      const link = readLink(text, i);
      if (link !== null) {
        flush();
        out.push(...link.nodes);
        i = link.next;
        continue;
      }
    }

    if (ch === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
      const href = auto?.[1] === undefined ? null : safeHref(auto[1]);
      if (auto !== null && href !== null) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: auto[1] ?? href }] });
        i += auto[0].length;
        continue;
      }
    }

    if ((ch === 'h' || ch === 'H') && !/\w$/.test(plain)) {
      // A bare URL, without the punctuation that ends its sentence.
      const url = (/^https?:\/\/[^\s<>]+/i.exec(rest)?.[0] ?? '').replace(/[.,;:!?'")\]]+$/, '');
      const href = /^https?:\/\/[^/]/i.test(url) ? safeHref(url) : null;
      if (href !== null) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
        i += url.length;
        continue;
      }
    }

    plain += ch;
    i += 1;
  }
  flush();
  return out;
}

/** `**strong**`, `__strong__`, `*em*` or `_em_` starting at `i`, or null when it does not close. */
function readEmphasis(text: string, i: number): { node: Inline; next: number } | null {
  const ch = text[i] ?? '';
  const isDouble = text[i + 1] === ch;
  const delim = isDouble ? ch + ch : ch;
  const start = i + delim.length;
  const after = text[start];
  // An opener is followed by a non-space; `_` must not sit inside a word (snake_case stays as is).
  if (after === undefined || /\s/.test(after)) return null;
  if (ch === '_' && /\w/.test(text[i - 1] ?? '')) return null;
  let from = start;
  for (;;) {
    const close = text.indexOf(delim, from);
    if (close === -1) return null;
    const next = text[close + delim.length] ?? '';
    // A single delimiter that starts a double one belongs to a nested strong: skip both.
    const isDoubleAhead = !isDouble && next === ch;
    const isCloser =
      close > start &&
      !isDoubleAhead &&
      !/\s/.test(text[close - 1] ?? '') &&
      !(ch === '_' && /\w/.test(next));
    if (isCloser) {
      const inner = parseInline(text.slice(start, close));
      return {
        node: isDouble ? { type: 'strong', children: inner } : { type: 'em', children: inner },
        next: close + delim.length,
      };
    }
    from = close + (isDoubleAhead ? 2 : delim.length);
  }
}

/** `[text](target "title")` starting at `i`: a link when the target is safe, else the text alone. */
function readLink(text: string, i: number): { nodes: Inline[]; next: number } | null {
  let depth = 0;
  let j = i;
  for (; j < text.length; j += 1) {
    const ch = text[j];
    if (ch === '\\') {
      j += 1;
      continue;
    }
    if (ch === '[') depth += 1;
    if (ch === ']') {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  if (depth !== 0 || text[j + 1] !== '(') return null;
  const target =
    /^\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(
      text.slice(j + 1),
    );
  if (target === null) return null;
  const rawHref = (target[1] ?? '').replace(/^<|>$/g, '');
  const children = parseInline(text.slice(i + 1, j));
  const href = safeHref(rawHref);
  const next = j + 1 + target[0].length;
  return href === null
    ? { nodes: children, next }
    : { nodes: [{ type: 'link', href, children }], next };
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text') {
      out[out.length - 1] = { type: 'text', text: last.text + node.text };
    } else {
      out.push(node);
    }
  }
  return out;
}
