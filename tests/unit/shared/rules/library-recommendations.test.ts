import { describe, expect, it } from 'vitest';
import { rankByTaste, tasteOf, type RecommendationSignal } from '#shared/rules/library';

/** A signal about bot `id`, whose tags are numbered 1.. and named t1... */
function signal(
  id: string,
  kind: RecommendationSignal['kind'],
  tagIds: number[],
  value = 0,
): RecommendationSignal {
  return { characterId: id, kind, value, tagIds, tagNames: tagIds.map((t) => `t${String(t)}`) };
}

describe('tasteOf', () => {
  it('weighs each tag by the signals about bots carrying it', () => {
    const taste = tasteOf([
      signal('a', 'rating', [1, 2], 5),
      signal('b', 'favorite', [1]),
      signal('c', 'chat', [3]),
      signal('d', 'rating', [2], 1),
      signal('e', 'dislike', [4]),
    ]);
    expect(Object.fromEntries(taste.tagWeights)).toEqual({ t1: 1.5, t2: 0, t3: 0.25, t4: -1 });
    // Tag 2 weighs nothing (a love and a dislike), tag 4 less: neither is a pool.
    expect(taste.topTagIds).toEqual([1, 3]);
  });

  it('reads a like from any rating that is neither 1 nor 5', () => {
    expect(tasteOf([signal('a', 'rating', [1], 3)]).tagWeights.get('t1')).toBe(0.5);
  });

  it('keeps the three heaviest tags and every bot signalled once', () => {
    const taste = tasteOf([
      signal('a', 'rating', [1, 2, 3, 4], 5),
      signal('a', 'favorite', [1, 2, 3]),
      signal('b', 'chat', [1, 2]),
    ]);
    expect(taste.topTagIds).toEqual([1, 2, 3]);
    expect(taste.seen).toEqual(['a', 'b']);
  });

  it('likes nothing without signals', () => {
    expect(tasteOf([])).toEqual({ seen: [], topTagIds: [], tagWeights: new Map() });
  });
});

describe('rankByTaste', () => {
  const taste = tasteOf([signal('x', 'rating', [1], 5), signal('y', 'chat', [2])]);
  const bot = (id: string, tags: string[], numMessages = 0) => ({ id, tags, numMessages });

  it('ranks by the weight of shared tags, then by popularity, then by id', () => {
    const ranked = rankByTaste(
      [
        bot('d', ['t2'], 9),
        bot('c', ['t2'], 999),
        bot('b', ['t1']),
        bot('a', ['t1']),
        bot('e', ['t1', 't2']),
      ],
      taste,
    );
    expect(ranked.map((c) => c.id)).toEqual(['e', 'a', 'b', 'c', 'd']);
  });

  it('keeps a bot found in two pools once', () => {
    const ranked = rankByTaste([bot('a', ['t1']), bot('b', ['t2']), bot('a', ['t1'])], taste);
    expect(ranked.map((c) => c.id)).toEqual(['a', 'b']);
  });
});
