/**
 * The stream ceiling (issue 29): the most concurrent streams a process carried in a ramp step with
 * frame delay p99 at most 50 ms and every frame delivered once. Kept apart from the run so its rule is
 * tested without processes (tests/unit/scripts/bench/ceiling-search.test.ts).
 */

/** The frame delay p99 a step may have and still pass. */
export const frameDelayLimitMs = 50;

export interface StepOutcome {
  streams: number;
  p99Ms: number;
  failed: number;
  lost: number;
  duplicated: number;
}

/** A step passes when its p99 is within the limit and nothing failed, was lost or came twice. */
export function isPassing(step: StepOutcome): boolean {
  return step.p99Ms <= frameDelayLimitMs && step.failed + step.lost + step.duplicated === 0;
}

/** The passing step with the most streams; a pass above a failed step counts. */
export function ceilingOf<T extends StepOutcome>(steps: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const step of steps) {
    if (isPassing(step) && (best === undefined || step.streams > best.streams)) best = step;
  }
  return best;
}
