/** The admin's leaderboard calls: any month (pending ones too), approval and a re-run. */
import {
  approveLeaderboardMonth,
  getAdminLeaderboard,
  recomputeLeaderboardMonth,
  type LeaderboardMonth,
  type LeaderboardPage,
} from '#shared/api/leaderboard';
import type { ApiClient } from '../../lib/api-client';

export function loadAdminLeaderboard(
  api: ApiClient,
  query: { date?: string; type: 'new' | 'all' },
  signal?: AbortSignal,
): Promise<LeaderboardPage> {
  return api.request(getAdminLeaderboard, {
    query: { type: query.type, page: 1, ...(query.date === undefined ? {} : { date: query.date }) },
    signal,
  });
}

export function approveMonth(api: ApiClient, month: string): Promise<LeaderboardMonth> {
  return api.request(approveLeaderboardMonth, { params: { month } });
}

export async function recomputeMonth(api: ApiClient, month: string): Promise<void> {
  await api.request(recomputeLeaderboardMonth, { params: { month } });
}
