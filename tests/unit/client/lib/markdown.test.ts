import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalPageSlugs } from '#shared/schemas/legal-page';
import {
  parseInline,
  parseMarkdown,
  safeHref,
  type Block,
  type Inline,
} from '../../../../client/lib/markdown';

const text = (t: string): Inline => ({ type: 'text', text: t });

/** Every inline of a tree, flattened, for assertions about what may appear anywhere. */
function inlinesOf(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  const walkInline = (nodes: Inline[]) => {
    for (const node of nodes) {
      out.push(node);
      if ('children' in node) walkInline(node.children);
    }
  };
  for (const block of blocks) {
    if (block.type === 'heading' || block.type === 'paragraph') walkInline(block.children);
    if (block.type === 'quote') out.push(...inlinesOf(block.children));
    if (block.type === 'list') for (const item of block.items) out.push(...inlinesOf(item));
  }
  return out;
}

describe('parseMarkdown: blocks', () => {
  it('reads headings, paragraphs with soft and hard breaks, rules and quotes', () => {
    expect(
      parseMarkdown(
        '## Who may use it ##\n\nFirst line\nsecond line  \nafter a break\n\n---\n\n> Quoted\n> text',
      ),
    ).toEqual([
      { type: 'heading', level: 2, children: [text('Who may use it')] },
      {
        type: 'paragraph',
        children: [text('First line second line'), { type: 'break' }, text('after a break')],
      },
      { type: 'rule' },
      { type: 'quote', children: [{ type: 'paragraph', children: [text('Quoted text')] }] },
    ]);
  });

  it('does not take a hashtag for a heading', () => {
    expect(parseMarkdown('#NSFW tags')).toEqual([
      { type: 'paragraph', children: [text('#NSFW tags')] },
    ]);
  });

  it('reads bulleted and numbered lists, with continuation lines and nesting', () => {
    const blocks = parseMarkdown(
      [
        '- First item',
        '  goes on here',
        '- Second item',
        '  1. nested one',
        '  2. nested two',
        '',
        '3) Three',
        '4) Four',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ type: 'paragraph', children: [text('First item goes on here')] }],
          [
            { type: 'paragraph', children: [text('Second item')] },
            {
              type: 'list',
              ordered: true,
              start: 1,
              items: [
                [{ type: 'paragraph', children: [text('nested one')] }],
                [{ type: 'paragraph', children: [text('nested two')] }],
              ],
            },
          ],
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ type: 'paragraph', children: [text('Three')] }],
          [{ type: 'paragraph', children: [text('Four')] }],
        ],
      },
    ]);
  });

  it('keeps a list whose items are separated by blank lines as one list', () => {
    const blocks = parseMarkdown('- one\n\n- two\n\n  still two\n\nAfter the list');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ type: 'list', items: [[{}], [{}, {}]] });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [text('After the list')] });
  });

  it('keeps fenced code as it is, Markdown and all', () => {
    expect(parseMarkdown('```\n**not bold**\n<b>x</b>\n```\nafter')).toEqual([
      { type: 'code', text: '**not bold**\n<b>x</b>' },
      { type: 'paragraph', children: [text('after')] },
    ]);
  });

  it('shows HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toEqual([
      {
        type: 'paragraph',
        children: [text('<script>alert(1)</script> <img src=x onerror=alert(1)>')],
      },
    ]);
  });

  it('reads Windows line endings', () => {
    expect(parseMarkdown('# Title\r\n\r\nBody')).toEqual([
      { type: 'heading', level: 1, children: [text('Title')] },
      { type: 'paragraph', children: [text('Body')] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads strong, emphasis and code, nested', () => {
    expect(parseInline('a **bold _and em_** and *em* and `co*de*`')).toEqual([
      text('a '),
      { type: 'strong', children: [text('bold '), { type: 'em', children: [text('and em')] }] },
      text(' and '),
      { type: 'em', children: [text('em')] },
      text(' and '),
      { type: 'code', text: 'co*de*' },
    ]);
    expect(parseInline('*a **b** c*')).toEqual([
      { type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] },
    ]);
  });

  it('leaves unmatched or spaced delimiters, snake_case and escapes as text', () => {
    expect(parseInline('2 * 3 * 4, **open, snake_case_name, \\*not em\\*')).toEqual([
      text('2 * 3 * 4, **open, snake_case_name, *not em*'),
    ]);
  });

  it('reads links, autolinks and bare URLs, without the punctuation after them', () => {
    expect(
      parseInline(
        'See [the **terms**](/terms "Terms"), <mailto:help@example.com> or https://example.com/help.',
      ),
    ).toEqual([
      text('See '),
      {
        type: 'link',
        href: '/terms',
        children: [text('the '), { type: 'strong', children: [text('terms')] }],
      },
      text(', '),
      {
        type: 'link',
        href: 'mailto:help@example.com',
        children: [text('mailto:help@example.com')],
      },
      text(' or '),
      {
        type: 'link',
        href: 'https://example.com/help',
        children: [text('https://example.com/help')],
      },
      text('.'),
    ]);
  });

  it('keeps only the text of a link with an unsafe target', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
    ]) {
      expect(parseInline(`[click](${target})`)).toEqual([text('click')]);
    }
    expect(parseInline('<javascript:alert(1)>')).toEqual([text('<javascript:alert(1)>')]);
  });
});

describe('safeHref', () => {
  it('keeps http(s), mailto, same-site paths and fragments only', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref(' /privacy ')).toBe('/privacy');
    expect(safeHref('#contact')).toBe('#contact');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of ['java\tscript:x', 'https://a b', 'ftp://x', 'terms', '', '\u0000/x']) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe('the shipped legal and help pages', () => {
  const dir = path.resolve(import.meta.dirname, '../../../../content/legal/default');
  it('read as headings, paragraphs and lists, with only same-site or web links', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(files.sort()).toEqual(legalPageSlugs.map((slug) => `${slug}.md`).sort());
    const sectioned = ['guidelines.md', 'privacy.md', 'refund.md', 'terms.md', 'faq.md'];
    for (const file of files) {
      const blocks = parseMarkdown(readFileSync(path.join(dir, file), 'utf8'));
      expect(blocks[0]).toMatchObject({ type: 'heading', level: 1 });
      if (sectioned.includes(file)) {
        expect(blocks.filter((b) => b.type === 'heading' && b.level === 2).length).toBeGreaterThan(
          2,
        );
      }
      const text = JSON.stringify(blocks);
      // Nothing was left half-read: no raw emphasis markers or link syntax in the text.
      expect(text).not.toMatch(/\*\*|\]\(/);
      for (const node of inlinesOf(blocks)) {
        if (node.type === 'link')
          expect(node.href).toMatch(/^\/(terms|privacy|guidelines|refund|subscribe|faq|report)$/);
      }
    }
  });
});
