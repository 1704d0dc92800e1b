/** The leaderboard call, built on the shared contract. */
import {
  getLeaderboard,
  type LeaderboardPage,
  type LeaderboardQuery,
} from '#shared/api/leaderboard';
import type { ApiClient } from '../../lib/api-client';

/** One page of a month's board (the newest approved month when `date` is absent). */
export function loadLeaderboard(
  api: ApiClient,
  query: LeaderboardQuery,
  signal?: AbortSignal,
): Promise<LeaderboardPage> {
  return api.request(getLeaderboard, {
    query: {
      type: query.type,
      page: query.page,
      ...(query.date === undefined ? {} : { date: query.date }),
    },
    signal,
  });
}
