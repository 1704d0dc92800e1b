/**
 * The arithmetic of the chat's windowed message list (issue 11 part 8: a chat of 10,000 messages opens
 * and scrolls like a new one): where each row sits from measured or estimated heights, which rows meet
 * the viewport, and which row holds the reader's place so it stays put when rows above change.
 * Positions are in the rows' own coordinates (0 is the top of the first row).
 */

/** `offsets[i]` is the top of row `i` and `offsets[keys.length]` the height of all rows. */
export function rowOffsets(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
  estimate: number,
): number[] {
  const offsets = new Array<number>(keys.length + 1);
  let top = 0;
  offsets[0] = 0;
  keys.forEach((key, i) => {
    top += heights.get(key) ?? estimate;
    offsets[i + 1] = top;
  });
  return offsets;
}

/** The index of the first row whose bottom is below `y` (the row count when none is). */
function firstRowEndingBelow(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? Infinity) > y) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The rows `[start, end)` that meet `[top - overscan, top + height + overscan]`; a `top` past the end
 * (a list opened at its bottom) counts as the last screenful.
 */
export function visibleRange(
  offsets: readonly number[],
  top: number,
  height: number,
  overscan: number,
): { start: number; end: number } {
  const count = offsets.length - 1;
  const total = offsets[count] ?? 0;
  const from = Math.max(0, Math.min(top, total - height) - overscan);
  const to = Math.max(0, Math.min(top, total - height)) + height + overscan;
  const start = Math.min(firstRowEndingBelow(offsets, from), count);
  let end = start;
  while (end < count && (offsets[end] ?? Infinity) < to) end += 1;
  return { start, end };
}

/** The reader's place: the first row reaching below `top`, and how far its top sits above `top`. */
export function anchorAt(
  keys: readonly string[],
  offsets: readonly number[],
  top: number,
): { key: string; delta: number } | null {
  const i = firstRowEndingBelow(offsets, top);
  const key = keys[i];
  return key === undefined ? null : { key, delta: (offsets[i] ?? 0) - top };
}

/** Where `top` must be for the anchored row to sit where it sat; null when that row is gone. */
export function anchoredTop(
  keys: readonly string[],
  offsets: readonly number[],
  anchor: { key: string; delta: number },
): number | null {
  const i = keys.indexOf(anchor.key);
  return i < 0 ? null : (offsets[i] ?? 0) - anchor.delta;
}
