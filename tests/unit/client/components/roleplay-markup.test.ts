import { describe, expect, it } from 'vitest';
import { parseRoleplayMarkup, type MarkupRun } from '../../../../client/components/roleplay-markup';

const plain = (text: string): MarkupRun => ({ text, isBold: false, isItalic: false });
const bold = (text: string): MarkupRun => ({ text, isBold: true, isItalic: false });
const italic = (text: string): MarkupRun => ({ text, isBold: false, isItalic: true });
const both = (text: string): MarkupRun => ({ text, isBold: true, isItalic: true });

describe('parseRoleplayMarkup', () => {
  it('keeps text without markers as one plain run', () => {
    expect(parseRoleplayMarkup('Hello there.')).toEqual([plain('Hello there.')]);
  });

  it('makes **bold** bold and *actions* italic', () => {
    expect(parseRoleplayMarkup('I am **very brave** and *wave hello*.')).toEqual([
      plain('I am '),
      bold('very brave'),
      plain(' and '),
      italic('wave hello'),
      plain('.'),
    ]);
  });

  it('nests an action inside bold and bold inside an action', () => {
    expect(parseRoleplayMarkup('**Stop *now* please**')).toEqual([
      bold('Stop '),
      both('now'),
      bold(' please'),
    ]);
    expect(parseRoleplayMarkup('*She says **no** twice*')).toEqual([
      italic('She says '),
      both('no'),
      italic(' twice'),
    ]);
  });

  it('shows markers never closed as typed, as a reply mid-stream has them', () => {
    expect(parseRoleplayMarkup('She smiles. *She leans')).toEqual([
      plain('She smiles. *She leans'),
    ]);
    expect(parseRoleplayMarkup('A **bold start')).toEqual([plain('A **bold start')]);
    expect(parseRoleplayMarkup('*waves* and **then')).toEqual([
      italic('waves'),
      plain(' and **then'),
    ]);
  });

  it('leaves asterisks with spaces on the inside alone, as in arithmetic', () => {
    expect(parseRoleplayMarkup('2 * 3 * 4 = 24')).toEqual([plain('2 * 3 * 4 = 24')]);
    expect(parseRoleplayMarkup('** not bold **')).toEqual([plain('** not bold **')]);
  });

  it('keeps HTML as text: runs are strings, never markup', () => {
    const runs = parseRoleplayMarkup('<b>x</b> **<img src=x onerror=alert(1)>**');
    expect(runs).toEqual([plain('<b>x</b> '), bold('<img src=x onerror=alert(1)>')]);
  });

  it('keeps every character of the text, markers aside', () => {
    const text = 'a *b* **c** *d **e** f* g * h';
    const shown = parseRoleplayMarkup(text)
      .map((run) => run.text)
      .join('');
    expect(shown).toBe('a b c d e f g * h');
  });
});
