/**
 * The import preview shows what a card holds as text, never as markup (issue 27's must-hold), and a
 * card's embedded book with the same report and choices as a lorebook file import (part 3).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { CardImportPreview } from '#shared/api/character-cards';
import { defaultEntrySettings } from '#shared/rules/lorebook';
import { CardPreview } from '../../../../../client/features/cards/components/card-preview';
import { initialBookChoice } from '../../../../../client/features/cards/components/card-book';
import { lightTheme } from '../../../../../client/styles/theme';

const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>';

function render(preview: CardImportPreview, bookChoice: 'skip' | 'split' | 'leave' = 'skip') {
  return renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: lightTheme },
      createElement(CardPreview, { preview, bookChoice, onBookChoice: () => undefined }),
    ),
  );
}

const entry = (name: string) => ({
  ...defaultEntrySettings(),
  name,
  keywords: ['harbour'],
  content: 'The harbour is old.',
});

function preview(book: CardImportPreview['book']): CardImportPreview {
  return {
    shape: 'v2',
    container: 'png',
    character: {
      name: `Mara ${hostile}`,
      title: '',
      greeting: `Hello ${hostile}`,
      persona: hostile,
      scenario: '',
      dialogue: '',
      tags: ['<b>tag</b>'],
      isNsfw: false,
    },
    extras: { data: { creator_notes: hostile }, root: {}, personality: '' },
    warnings: [{ field: 'data.first_mes', kind: 'changed', message: hostile }],
    avatarUrl: null,
    cardArtUrl: null,
    book,
  };
}

const report = {
  format: 'card' as const,
  name: 'Harbour lore',
  description: '',
  scanDepth: 4,
  tokenBudget: 500,
  recursiveScanning: false,
  tags: [],
  total: 3,
  problems: [
    {
      index: 1,
      entryName: `Wall ${hostile}`,
      path: 'entries[1].content',
      message: '1800 characters, maximum is 1000',
      fix: 'split' as const,
    },
  ],
  skip: { entries: [entry('Lamp'), entry('Guild')], skipped: 1, overLimit: [] },
  split: {
    entries: [entry('Lamp'), entry('Guild'), entry('Wall (1/2)'), entry('Wall (2/2)')],
    skipped: 0,
    overLimit: [],
  },
};

describe('CardPreview', () => {
  it('shows HTML and script in card fields as text', () => {
    const markup = render(preview(null));
    expect(markup).not.toMatch(/<script|<img src=x|<b>tag/);
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("lists a card book's problem entries and offers skip, split and leave, like a lorebook import", () => {
    const markup = render(preview({ isReadable: true, report }), 'split');
    expect(markup).toContain('Entries that do not fit');
    expect(markup).toContain('entries[1].content: 1800 characters, maximum is 1000.');
    expect(markup).toContain('Split: several entries with the same keywords.');
    expect(markup).toContain('Skip them: 2 entries');
    expect(markup).toContain('Split long entries: 4 entries');
    expect(markup).toContain('Leave the lorebook out');
    expect(markup).not.toMatch(/<script|<img src=x/);
    expect(markup.match(/type="radio"/g)).toHaveLength(3);
    expect(markup).toMatch(/<input[^>]*checked=""[^>]*value="split"/);
  });

  it('shows why an unreadable book is left out, and starts on leaving it out', () => {
    const book = {
      isReadable: false as const,
      message: 'Valid JSON, but no entry fits: entries[0].keywords: entry has no keywords.',
      problems: report.problems,
    };
    const markup = render(preview(book), 'leave');
    expect(markup).toContain('Valid JSON, but no entry fits');
    expect(markup).toContain('Why each entry does not fit');
    expect(markup).not.toContain('type="radio"');
    expect(initialBookChoice(book)).toBe('leave');
    expect(initialBookChoice({ isReadable: true, report })).toBe('skip');
    expect(initialBookChoice(null)).toBe('leave');
  });
});
