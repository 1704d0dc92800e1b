import { describe, expect, it } from 'vitest';
import { speechSegments } from '../../../../workers/speech/segments';

describe('speechSegments', () => {
  it('keeps every word, in order, with a short first piece', () => {
    const text =
      'The innkeeper leaned over the counter, rolled a carved bone die across the worn oak and grinned. Tonight the road is closed. Bring a lantern!';
    const pieces = speechSegments(text);
    expect(pieces.join(' ')).toBe(text);
    expect(pieces[0]?.length).toBeLessThanOrEqual(80);
    expect(pieces.length).toBeGreaterThan(2);
  });

  it('cuts a long run without spaces at the limit', () => {
    const pieces = speechSegments('x'.repeat(500));
    expect(pieces.join('')).toBe('x'.repeat(500));
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(200);
  });
});
