import { describe, expect, it } from 'vitest';
import { pendingChunks, type SummaryTurn } from '#workers/memory/pending-turns';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

function turns(n: number, words = 5): SummaryTurn[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'bot',
    content: `turn${i} ${'word '.repeat(words - 1)}`.trim(),
  }));
}

const ids = (chunks: SummaryTurn[][]) => chunks.map((c) => c.map((t) => t.id));

describe('pendingChunks', () => {
  it('summarises the turns no memory came from yet, oldest first, in chunks within the tokens', () => {
    const chunks = pendingChunks(turns(10), (id) => id === 'm0' || id === 'm1', {
      minTurns: 2,
      maxTokens: 15,
      countTokens: countWords,
    });
    expect(ids(chunks)).toEqual([
      ['m2', 'm3', 'm4'],
      ['m5', 'm6', 'm7'],
      ['m8', 'm9'],
    ]);
  });

  it('waits with a last chunk shorter than the fewest turns a memory summarises', () => {
    const chunks = pendingChunks(turns(7), () => false, {
      minTurns: 3,
      maxTokens: 25,
      countTokens: countWords,
    });
    // Five turns fill the first chunk; the last two wait for more turns to fall out.
    expect(ids(chunks)).toEqual([['m0', 'm1', 'm2', 'm3', 'm4']]);
    expect(
      pendingChunks(turns(2), () => false, { minTurns: 3, maxTokens: 99, countTokens: countWords }),
    ).toEqual([]);
  });

  it('gives a turn longer than a chunk a chunk of its own, and skips empty turns', () => {
    const list = [
      ...turns(2),
      { id: 'big', role: 'bot' as const, content: 'long '.repeat(50) },
      { id: 'empty', role: 'bot' as const, content: '   ' },
      ...turns(2).map((t) => ({ ...t, id: `${t.id}b` })),
    ];
    const chunks = pendingChunks(list, () => false, {
      minTurns: 1,
      maxTokens: 12,
      countTokens: countWords,
    });
    expect(ids(chunks)).toEqual([['m0', 'm1'], ['big'], ['m0b', 'm1b']]);
  });

  it('finds nothing when every turn was summarised', () => {
    expect(
      pendingChunks(turns(8), () => true, { minTurns: 1, maxTokens: 50, countTokens: countWords }),
    ).toEqual([]);
  });
});
