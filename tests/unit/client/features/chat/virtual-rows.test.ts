import { describe, expect, it } from 'vitest';
import {
  anchoredTop,
  anchorAt,
  rowOffsets,
  visibleRange,
} from '../../../../../client/features/chat/virtual-rows';

const keys = (n: number) => Array.from({ length: n }, (_, i) => `m${String(i)}`);

describe('rowOffsets', () => {
  it('adds measured heights and estimates the rest', () => {
    const heights = new Map([
      ['m1', 50],
      ['m3', 10],
    ]);
    expect(rowOffsets(keys(4), heights, 100)).toEqual([0, 100, 150, 250, 260]);
  });

  it('is one zero for no rows', () => {
    expect(rowOffsets([], new Map(), 100)).toEqual([0]);
  });
});

describe('visibleRange', () => {
  const offsets = rowOffsets(keys(10_000), new Map(), 100);

  it('takes the rows meeting the viewport and the overscan on each side', () => {
    expect(visibleRange(offsets, 5_000, 700, 200)).toEqual({ start: 48, end: 59 });
  });

  it('renders the same bounded number of rows anywhere in a long list', () => {
    for (const top of [0, 123_456, 500_000, 999_300]) {
      const { start, end } = visibleRange(offsets, top, 700, 800);
      expect(end - start).toBeLessThanOrEqual(24);
      expect(end).toBeGreaterThan(start);
    }
  });

  it('counts a top past the end as the last screenful (a chat opened at its bottom)', () => {
    expect(visibleRange(offsets, Number.MAX_SAFE_INTEGER, 700, 200)).toEqual({
      start: 9_991,
      end: 10_000,
    });
  });

  it('renders every row of a list shorter than the viewport', () => {
    const short = rowOffsets(keys(3), new Map(), 100);
    expect(visibleRange(short, Number.MAX_SAFE_INTEGER, 700, 200)).toEqual({ start: 0, end: 3 });
    expect(visibleRange([0], 0, 700, 200)).toEqual({ start: 0, end: 0 });
  });
});

describe('anchorAt and anchoredTop', () => {
  it('keeps the reader on the same row when earlier rows are prepended', () => {
    const before = keys(30).map((k) => `new-${k}`);
    const page = keys(30);
    const offsets = rowOffsets(page, new Map(), 100);
    const anchor = anchorAt(page, offsets, 1_030);
    expect(anchor).toEqual({ key: 'm10', delta: -30 });
    if (anchor === null) throw new Error('no anchor');
    const grown = [...before, ...page];
    expect(anchoredTop(grown, rowOffsets(grown, new Map(), 100), anchor)).toBe(4_030);
  });

  it('keeps the reader on the same row when a row above gets its real height', () => {
    const page = keys(5);
    const anchor = anchorAt(page, rowOffsets(page, new Map(), 100), 250);
    if (anchor === null) throw new Error('no anchor');
    const measured = rowOffsets(page, new Map([['m0', 40]]), 100);
    expect(anchoredTop(page, measured, anchor)).toBe(190);
  });

  it('has no anchor in an empty list and forgets a row that is gone', () => {
    expect(anchorAt([], [0], 0)).toBeNull();
    expect(anchoredTop(keys(2), [0, 1, 2], { key: 'gone', delta: 0 })).toBeNull();
  });
});
