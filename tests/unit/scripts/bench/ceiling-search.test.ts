import { describe, expect, it } from 'vitest';
import { ceilingOf, isPassing } from '../../../../scripts/bench/ceiling-search';

const step = (
  streams: number,
  p99Ms: number,
  counts: Partial<Record<'failed' | 'lost' | 'duplicated', number>> = {},
) => ({
  streams,
  p99Ms,
  failed: 0,
  lost: 0,
  duplicated: 0,
  ...counts,
});

describe('isPassing', () => {
  it('passes a step whose p99 is at the 50 ms limit', () => {
    expect(isPassing(step(1000, 50))).toBe(true);
  });

  it('fails a step whose p99 is over the limit', () => {
    expect(isPassing(step(1000, 50.1))).toBe(false);
  });

  it('fails a step that failed a connection, lost a frame or repeated one, however fast', () => {
    expect(isPassing(step(1000, 5, { failed: 1 }))).toBe(false);
    expect(isPassing(step(1000, 5, { lost: 1 }))).toBe(false);
    expect(isPassing(step(1000, 5, { duplicated: 1 }))).toBe(false);
  });

  it('fails a step that received no frame (no p99)', () => {
    expect(isPassing(step(1000, Number.NaN))).toBe(false);
  });
});

describe('ceilingOf', () => {
  it('is the passing step with the most streams', () => {
    const steps = [step(250, 8), step(500, 12), step(1000, 30), step(2000, 240)];
    expect(ceilingOf(steps)?.streams).toBe(1000);
  });

  it('counts a pass above a failed step', () => {
    const steps = [step(250, 8), step(500, 70), step(1000, 40)];
    expect(ceilingOf(steps)?.streams).toBe(1000);
  });

  it('does not depend on the order of the steps', () => {
    const steps = [step(2000, 20), step(250, 8), step(4000, 90)];
    expect(ceilingOf(steps)?.streams).toBe(2000);
  });

  it('skips a fast step that lost frames', () => {
    const steps = [step(250, 8), step(500, 9, { lost: 3 })];
    expect(ceilingOf(steps)?.streams).toBe(250);
  });

  it('is undefined when no step passes', () => {
    expect(ceilingOf([step(250, 60)])).toBeUndefined();
    expect(ceilingOf<ReturnType<typeof step>>([])).toBeUndefined();
  });
});
