import { describe, expect, it } from 'vitest';
import {
  creatorScore,
  formatScore,
  monthLabel,
  monthOf,
  monthPrizes,
  monthRange,
  movementOf,
  movementText,
  previousMonth,
  prizeTierOf,
  rankCreators,
  starsOf,
  type CreatorSignals,
  type RankedCreator,
} from '#shared/rules/leaderboard';

function creator(id: string, s: Partial<CreatorSignals> = {}): CreatorSignals {
  return {
    userId: id,
    username: id,
    avatarUrl: null,
    numBots: 1,
    messages: 0,
    favorites: 0,
    likes: 0,
    ratings: 0,
    ...s,
  };
}

describe('creatorScore', () => {
  it('adds messages, 50 per favourite and 20 per like, and takes 20 per dislike', () => {
    expect(creatorScore({ messages: 1000, favorites: 2, likes: 10, ratings: 15 })).toBe(
      1000 + 100 + 200 - 100,
    );
  });
  it('is never below zero', () => {
    expect(creatorScore({ messages: 1, favorites: 0, likes: 0, ratings: 10 })).toBe(0);
  });
  it('counts no dislikes when likes exceed ratings (rounding)', () => {
    expect(creatorScore({ messages: 0, favorites: 0, likes: 3, ratings: 2 })).toBe(60);
  });
});

describe('rankCreators', () => {
  it('ranks by score, then more bots, then username, and keeps the top N', () => {
    const ranked = rankCreators(
      [
        creator('cy', { messages: 500 }),
        creator('bo', { messages: 900, numBots: 1 }),
        creator('al', { messages: 900, numBots: 2 }),
        creator('ann', { messages: 500 }),
        creator('dee', { messages: 10 }),
      ],
      new Map(),
      4,
    );
    expect(ranked.map((r) => [r.username, r.rank])).toEqual([
      ['al', 1],
      ['bo', 2],
      ['ann', 3],
      ['cy', 4],
    ]);
  });
  it('leaves out creators scoring zero', () => {
    expect(rankCreators([creator('z')], new Map())).toEqual([]);
  });
  it('gives the same table whatever the input order', () => {
    const input = Array.from({ length: 60 }, (_, i) =>
      creator(`c${String(i)}`, { messages: (i * 37) % 11 }),
    );
    const a = rankCreators(input, new Map());
    const b = rankCreators([...input].reverse(), new Map());
    expect(a).toEqual(b);
    expect(a).toHaveLength(25);
  });
  it('carries last month rank for movement', () => {
    const [first] = rankCreators([creator('a', { messages: 5 })], new Map([['a', 4]]));
    expect(first?.previousRank).toBe(4);
  });
});

describe('movementOf', () => {
  it('tells up, down, same and new', () => {
    expect(movementOf(2, 5)).toEqual({ kind: 'up', places: 3 });
    expect(movementOf(6, 1)).toEqual({ kind: 'down', places: 5 });
    expect(movementOf(3, 3)).toEqual({ kind: 'same' });
    expect(movementOf(3, null)).toEqual({ kind: 'new' });
  });
  it('has a text and an accessible label for each', () => {
    expect(movementText({ kind: 'up', places: 3 })).toEqual({ text: '▲ 3', label: 'Up 3' });
    expect(movementText({ kind: 'new' }).label).toBe('New this month');
  });
});

function ranked(id: string, rank: number): RankedCreator {
  return {
    userId: id,
    username: id,
    avatarUrl: null,
    numBots: 1,
    score: 100,
    rank,
    previousRank: null,
  };
}

describe('prizes', () => {
  it('gives the top 3 the top tier and ranks 4 to 10 the lower tier', () => {
    expect([1, 3, 4, 10, 11].map(prizeTierOf)).toEqual(['top', 'top', 'lower', 'lower', null]);
  });
  it('gives each member one prize a month, the best across both categories', () => {
    const newBoard = Array.from({ length: 12 }, (_, i) => ranked(`n${String(i + 1)}`, i + 1));
    const allBoard = [ranked('n5', 1), ranked('n1', 2), ranked('x', 3), ranked('y', 4)];
    const prizes = monthPrizes({ new: newBoard, all: allBoard });
    const byUser = new Map(prizes.map((p) => [p.userId, p]));
    expect(prizes).toHaveLength(new Set(prizes.map((p) => p.userId)).size);
    expect(byUser.get('n5')).toMatchObject({ tier: 'top', type: 'all', rank: 1 });
    expect(byUser.get('n1')).toMatchObject({ tier: 'top', type: 'new', rank: 1 });
    expect(byUser.get('x')).toMatchObject({ tier: 'top' });
    expect(byUser.get('y')).toMatchObject({ tier: 'lower' });
    expect(byUser.has('n11')).toBe(false);
    // Places are not passed down: 10 on New Bots, 4 on All Bots.
    expect(prizes.filter((p) => p.type === 'new')).toHaveLength(9);
  });
});

describe('display', () => {
  it('shows two stars to rank 3, one to rank 10, none after', () => {
    expect([1, 3, 4, 10, 11].map(starsOf)).toEqual([2, 2, 1, 1, 0]);
  });
  it('shows the score in thousands with one decimal', () => {
    expect(formatScore(12_345)).toBe('12.3K');
    expect(formatScore(950)).toBe('1.0K');
    expect(formatScore(0)).toBe('0.0K');
    expect(formatScore(1_234_567)).toBe('1234.6K');
  });
});

describe('months', () => {
  it('spans a month in UTC and steps back across a year', () => {
    expect(monthRange('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
  it('refuses what is not a month', () => {
    expect(() => monthRange('2026-13')).toThrow();
  });
});
