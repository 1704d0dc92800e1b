/**
 * The `leaderboard` queue's processors (shared/jobs/leaderboard.ts). compute-leaderboard reads every
 * creator's signals for both categories, ranks them with the rules in shared/rules/leaderboard.ts and
 * writes the month's boards under the month's lock: a second run, or one on another worker at the same
 * time, waits for the first and writes the same table. grant-leaderboard-prizes grants an approved
 * month's prizes through the billing engine (grantPrize), each claimed by its row once.
 */
import {
  leaderboardSize,
  monthOf,
  monthPrizes,
  monthRange,
  previousMonth,
  rankCreators,
  type LeaderboardType,
  type RankedCreator,
} from '#shared/rules/leaderboard';
import type { ComputeLeaderboardJob, GrantLeaderboardPrizesJob } from '#shared/jobs/leaderboard';
import type { Db } from '#server/db/database';
import * as leaderboard from '#server/db/repositories/leaderboard.repo';
import type { Catalog } from '#server/lib/billing/catalog';
import { grantPrize, prizePlanId } from '#server/lib/billing/lifecycle';
import type { Logger } from '#server/lib/log';
import type { Redis } from '#server/lib/redis';

export interface LeaderboardDeps {
  db: Db;
  log: Logger;
}

export interface PrizeDeps extends LeaderboardDeps {
  redis: Redis;
  prefix: string;
  catalog: Pick<Catalog, 'prizeRole'>;
}

/** What a run did: the month, whether its table was written (false: approved already) and its sizes. */
export interface ComputeOutcome {
  month: string;
  written: boolean;
  sizes: Record<LeaderboardType, number>;
}

export async function computeLeaderboard(
  deps: LeaderboardDeps,
  job: ComputeLeaderboardJob,
  now: Date = new Date(),
): Promise<ComputeOutcome> {
  const month = job.month ?? previousMonth(monthOf(now));
  const { start, end } = monthRange(month);
  const last = previousMonth(month);
  const [newSignals, allSignals, newRanks, allRanks] = await Promise.all([
    leaderboard.creatorSignals(deps.db, { from: start, until: end }),
    leaderboard.creatorSignals(deps.db, { from: null, until: end }),
    leaderboard.ranksOf(deps.db, last, 'new'),
    leaderboard.ranksOf(deps.db, last, 'all'),
  ]);
  const boards: Record<LeaderboardType, RankedCreator[]> = {
    new: rankCreators(newSignals, newRanks, leaderboardSize),
    all: rankCreators(allSignals, allRanks, leaderboardSize),
  };
  const written = await deps.db.transaction().execute(async (trx) => {
    await leaderboard.lockMonth(trx, month);
    return leaderboard.replaceBoards(trx, month, boards, now);
  });
  const sizes = { new: boards.new.length, all: boards.all.length };
  deps.log.info({ month, written, sizes }, 'leaderboard computed');
  return { month, written, sizes };
}

/** Grants an approved month's prizes; a month not approved (or gone) grants nothing. */
export async function grantLeaderboardPrizes(
  deps: PrizeDeps,
  job: GrantLeaderboardPrizesJob,
  now: Date = new Date(),
): Promise<{ granted: number; subscribed: number; already: number }> {
  const counts = { granted: 0, subscribed: 0, already: 0 };
  const month = await leaderboard.findMonth(deps.db, job.month);
  if (month?.status !== 'approved') {
    deps.log.warn({ month: job.month }, 'leaderboard prizes asked for a month not approved');
    return counts;
  }
  const prizes = monthPrizes(await leaderboard.boardsOf(deps.db, job.month));
  for (const prize of prizes) {
    const role = deps.catalog.prizeRole(prize.tier);
    const outcome = await grantPrize(
      deps,
      {
        userId: prize.userId,
        role,
        claim: (trx) => leaderboard.claimPrize(trx, job.month, prize, prizePlanId(role)),
        settle: (trx, result, subscriptionId) =>
          leaderboard.settlePrize(trx, job.month, prize.userId, result, subscriptionId),
      },
      now,
    );
    counts[outcome] += 1;
  }
  deps.log.info({ month: job.month, ...counts }, 'leaderboard prizes granted');
  return counts;
}
