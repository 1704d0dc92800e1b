import { describe, expect, it } from 'vitest';
import { parseVerdict, verdictPrompt } from '#workers/moderation/verdict';

describe('parseVerdict', () => {
  it('reads a pass and a failure with its reasons', () => {
    expect(parseVerdict('VERDICT: PASS')).toEqual({ kind: 'pass' });
    expect(parseVerdict('  VERDICT: PASS\n')).toEqual({ kind: 'pass' });
    expect(parseVerdict('VERDICT: FAIL: Hate speech; Spam')).toEqual({
      kind: 'fail',
      reasons: ['Hate speech', 'Spam'],
    });
  });

  it.each([
    [''],
    ['PASS'],
    ['verdict: pass'],
    ['VERDICT: PASS. Looks fine to me.'],
    ['Sure! VERDICT: PASS'],
    ['VERDICT: PASS\nVERDICT: FAIL: x'],
    ['VERDICT: FAIL:'],
    ['VERDICT: FAIL: ; '],
    ['VERDICT: FAIL: a; b; c; d; e; f'],
    [`VERDICT: FAIL: ${'x'.repeat(201)}`],
    ['VERDICT: MAYBE'],
  ])('calls %j unparseable', (answer) => {
    expect(parseVerdict(answer)).toEqual({ kind: 'unparseable' });
  });
});

describe('verdictPrompt', () => {
  it('asks for the fixed format and quotes the card as data', () => {
    const [system, user] = verdictPrompt({
      name: 'Aria',
      title: 'Captain',
      greeting: 'Ahoy',
      persona: 'Brave',
      scenario: 'Sea',
      dialogue: '',
      tags: ['Adventure'],
      isNsfw: true,
      avatarIsNsfw: false,
    });
    expect(system?.content).toContain('VERDICT: PASS');
    expect(system?.content).toContain('VERDICT: FAIL: <reason>');
    expect(user?.content).toContain('Name: Aria');
    expect(user?.content).toContain('Marked NSFW: yes');
  });
});
