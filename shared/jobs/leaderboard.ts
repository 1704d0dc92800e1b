/**
 * The `leaderboard` queue (issue 25 item 1): `compute-leaderboard` computes a month's creators
 * leaderboard from the library's stored signals (shared/rules/leaderboard.ts); scheduled at the start
 * of each month for the month that ended, and re-runnable for any month (a pending month's table is
 * replaced, an approved one is kept). `grant-leaderboard-prizes` grants an approved month's prizes,
 * each once. Both are safe to run twice and on two workers at once (a lock per month, a prize row per
 * member and month).
 */
import { z } from 'zod';
import { monthPattern } from '../rules/leaderboard';

export const leaderboardQueue = 'leaderboard';

const MonthSchema = z.string().regex(monthPattern);

export const ComputeLeaderboardJobSchema = z.object({
  /** The month, 'YYYY-MM'; absent (the monthly schedule): the month before the job runs. */
  month: MonthSchema.optional(),
});
export type ComputeLeaderboardJob = z.infer<typeof ComputeLeaderboardJobSchema>;

export const GrantLeaderboardPrizesJobSchema = z.object({ month: MonthSchema });
export type GrantLeaderboardPrizesJob = z.infer<typeof GrantLeaderboardPrizesJobSchema>;

/** Job name → payload schema. */
export const leaderboardJobs = {
  'compute-leaderboard': ComputeLeaderboardJobSchema,
  'grant-leaderboard-prizes': GrantLeaderboardPrizesJobSchema,
} as const;
export type LeaderboardJobName = keyof typeof leaderboardJobs;

/** Background work: retried with backoff (a database hiccup), removed when done so a re-run can be added. */
export const leaderboardJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

/** When the monthly run starts: 00:30 UTC on the 1st, for the month that just ended. */
export const leaderboardSchedule = '30 0 1 * *';

/** The deterministic, colon-free id of a month's computation. */
export function computeLeaderboardJobId(month: string): string {
  return `leaderboard-${month}`;
}

/** The deterministic, colon-free id of a month's prize grant. */
export function grantPrizesJobId(month: string): string {
  return `leaderboard-prizes-${month}`;
}
