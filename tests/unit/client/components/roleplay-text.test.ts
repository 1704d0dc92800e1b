import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { RoleplayText } from '../../../../client/components/roleplay-text';
import { lightTheme } from '../../../../client/styles/theme';

/** The markup RoleplayText renders, without styled-components' class names. */
function html(text: string, names?: { char: string; user: string }): string {
  return renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: lightTheme },
      createElement(RoleplayText, { text, names }),
    ),
  )
    .replace(/ class="[^"]*"/g, '')
    .replace(/^<div>|<\/div>$/g, '');
}

describe('RoleplayText', () => {
  it('shows *actions* in italics and **bold** as bold, markers dropped', () => {
    expect(html('I am **very brave** and *wave hello*.')).toBe(
      'I am <strong>very brave</strong> and <em>wave hello</em>.',
    );
    expect(html('**Stop *now* please**')).toBe('<strong>Stop <em>now</em> please</strong>');
  });

  it('marks "speech" in quotes and keeps the quotes', () => {
    expect(html('*smiles* "Hello there," she says.')).toBe(
      '<em>smiles</em> <q>&quot;Hello there,&quot;</q> she says.',
    );
  });

  it('keeps line breaks and paragraphs (one paragraph stays inline)', () => {
    expect(html('One.\nTwo.\n\nThree.')).toBe('<p>One.\nTwo.</p><p>Three.</p>');
  });

  it('shows markers still open mid-stream as typed, and lone asterisks as arithmetic', () => {
    expect(html('She smiles. *She leans')).toBe('She smiles. *She leans');
    expect(html('2 * 3 * 4 = 24')).toBe('2 * 3 * 4 = 24');
  });

  it('never renders the text as HTML', () => {
    const shown = html('<b>x</b> <img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(shown).not.toMatch(/<b>|<img|<script/);
    expect(shown).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html('![pic](https://example.com/a.png)')).toBe('pic');
    expect(html('[x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('fills {{user}} and {{char}} when names are given', () => {
    expect(html('Hi {{user}}, I am {{Char}}.', { char: 'Pip', user: 'Sam' })).toBe(
      'Hi Sam, I am Pip.',
    );
    expect(html('Hi {{user}}.')).toBe('Hi {{user}}.');
  });
});
