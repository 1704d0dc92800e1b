import { describe, expect, it } from 'vitest';
import { choosePlan, expectedMatches } from '#server/db/repositories/library.repo';

describe('expectedMatches', () => {
  const freq = (numListed: number) => ({ numListed, wordDocs: [], tags: [] });

  it('is null without a selective word or tag (every listed bot may match)', () => {
    expect(expectedMatches(freq(1_000_000), [])).toBeNull();
    expect(expectedMatches(freq(0), [])).toBeNull();
  });

  it('multiplies the shares of independent words and tags', () => {
    expect(expectedMatches(freq(1_000_000), [10_000])).toBe(10_000);
    expect(expectedMatches(freq(1_000_000), [100_000, 10_000])).toBeCloseTo(1_000);
    expect(expectedMatches(freq(1_000_000), [0])).toBe(0);
  });

  it('expects nothing when statistics were never gathered', () => {
    expect(expectedMatches(freq(0), [5])).toBe(0);
  });
});

describe('choosePlan', () => {
  it('walks the sort index when matches are plenty or unknown', () => {
    expect(choosePlan(null, 1_000_000, 0, 24)).toBe('walk');
    expect(choosePlan(500_000, 1_000_000, 0, 24)).toBe('walk');
  });

  it('gathers the matches when they are few (the rare-term trap) or statistics are missing', () => {
    expect(choosePlan(50, 1_000_000, 0, 24)).toBe('gather');
    expect(choosePlan(2_000, 1_000_000, 0, 24)).toBe('gather');
    expect(choosePlan(10, 0, 0, 24)).toBe('gather');
  });

  it('gathers sooner for deep pages, whose walk is longer', () => {
    expect(choosePlan(10_000, 1_000_000, 0, 24)).toBe('walk');
    expect(choosePlan(10_000, 1_000_000, 960, 24)).toBe('gather');
  });
});
