import { describe, expect, it } from 'vitest';
import { TokenCounts } from '#workers/providers/token-counts';

function counter(capacity: number) {
  const asked: string[] = [];
  const counts = new TokenCounts((text) => {
    asked.push(text);
    return text.length;
  }, capacity);
  return { counts, asked };
}

describe('TokenCounts', () => {
  it('tokenizes a text once and answers again from what it kept', () => {
    const { counts, asked } = counter(4);
    expect(counts.count('hello')).toBe(5);
    expect(counts.count('hello')).toBe(5);
    expect(asked).toEqual(['hello']);
  });

  it('forgets the least recently used text beyond its capacity', () => {
    const { counts, asked } = counter(2);
    counts.count('a');
    counts.count('bb');
    counts.count('a'); // 'a' is now the most recent
    counts.count('ccc'); // evicts 'bb'
    counts.count('a');
    counts.count('bb');
    expect(asked).toEqual(['a', 'bb', 'ccc', 'bb']);
  });
});
