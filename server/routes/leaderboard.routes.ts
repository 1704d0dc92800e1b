/**
 * The creators leaderboard: GET /api/leaderboard for everyone (approved months, cached), and under
 * /api/admin the pending months, their approval and a re-run of a month (auth: 'admin' on the contract).
 */
import type { FastifyInstance } from 'fastify';
import {
  approveLeaderboardMonth,
  getAdminLeaderboard,
  getLeaderboard,
  recomputeLeaderboardMonth,
} from '#shared/api/leaderboard';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as leaderboard from '../services/leaderboard.service';

export function leaderboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getLeaderboard, ({ query }) => leaderboard.publicPage(deps.leaderboard, query));

  addRoute(app, getAdminLeaderboard, ({ query }) => leaderboard.adminPage(deps.leaderboard, query));

  addRoute(app, approveLeaderboardMonth, ({ caller, params }) =>
    leaderboard.approveMonth(deps.leaderboard, caller, params.month),
  );

  addRoute(app, recomputeLeaderboardMonth, ({ params }) =>
    leaderboard.recomputeMonth(deps.leaderboard, params.month),
  );
}
