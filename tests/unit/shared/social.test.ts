import { describe, expect, it } from 'vitest';
import {
  canRate,
  canShare,
  likePercent,
  ratingOfValue,
  ratingScore,
  ratingValues,
} from '#shared/rules/social';

describe('ratingValues', () => {
  it('stores like 3, dislike 1 and love 5, and reads them back', () => {
    expect(ratingValues).toEqual({ like: 3, dislike: 1, love: 5 });
    for (const rating of ['like', 'dislike', 'love'] as const) {
      expect(ratingOfValue(ratingValues[rating])).toBe(rating);
    }
  });
});

describe('ratingScore', () => {
  it('is the share of like and love ratings', () => {
    expect(ratingScore([])).toBe(0);
    expect(ratingScore([1])).toBe(0);
    expect(ratingScore([3])).toBe(1);
    expect(ratingScore([5, 1])).toBe(0.5);
    expect(ratingScore([5, 3, 1, 1])).toBe(0.5);
    expect(ratingScore([1, 3, 5])).toBeCloseTo(2 / 3);
  });
});

describe('likePercent', () => {
  it('rounds the score to a whole percent within 0..100', () => {
    expect(likePercent(0)).toBe(0);
    expect(likePercent(2 / 3)).toBe(67);
    expect(likePercent(1)).toBe(100);
    expect(likePercent(1.2)).toBe(100);
    expect(likePercent(-0.1)).toBe(0);
  });
});

describe('canShare', () => {
  it('allows public and unlisted bots of creators not blocked, only', () => {
    expect(canShare({ visibility: 'public' }, false)).toBe(true);
    expect(canShare({ visibility: 'hidden' }, false)).toBe(true);
    expect(canShare({ visibility: 'private' }, false)).toBe(false);
    expect(canShare({ visibility: 'permanently_private' }, false)).toBe(false);
    expect(canShare({ visibility: 'public' }, true)).toBe(false);
  });
});

describe('canRate', () => {
  it('lets signed-in members rate public bots of others', () => {
    const member = { isMember: true, isCreator: false };
    expect(canRate({ visibility: 'public' }, member)).toBe(true);
    expect(canRate({ visibility: 'hidden' }, member)).toBe(false);
    expect(canRate({ visibility: 'public' }, { isMember: false, isCreator: false })).toBe(false);
    expect(canRate({ visibility: 'public' }, { isMember: true, isCreator: true })).toBe(false);
  });
});
