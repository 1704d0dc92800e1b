/**
 * The creators leaderboard (product-rules.md §2 /creators/leaderboard, §3 "Leaderboard entry", §7):
 * one page of a month's board per category, 48 per page, sorted by rank. Everyone reads approved
 * months; pending months (computed, not yet approved) are read and approved by admins only, on the
 * admin contracts below (auth: 'admin'), so no handler decides who sees what.
 */
import { z } from 'zod';
import { leaderboardTypes, monthPattern } from '../rules/leaderboard';
import { pageOf } from '../schemas/page';
import { endpoint } from './endpoint';

/** A category: 'new' (New Bots: bots created in the month) or 'all' (All Bots). */
export const LeaderboardTypeSchema = z.enum(leaderboardTypes);

/** A month, 'YYYY-MM' (the page's `date` query parameter). */
export const MonthSchema = z.string().regex(monthPattern, 'a month as YYYY-MM');

/** pending: computed, seen by admins only; approved: shown to everyone. */
export const LeaderboardStatusSchema = z.enum(['pending', 'approved']);
export type LeaderboardStatus = z.infer<typeof LeaderboardStatusSchema>;

/** One creator on a month's board (product-rules.md §3 "Leaderboard entry"). */
export const LeaderboardEntrySchema = z.object({
  creatorUsername: z.string(),
  avatarUrl: z.string().nullable(),
  /** Listed bots of the category (Num Bots). */
  numberOfCharacters: z.number().int(),
  /** Whole points (shared/rules/leaderboard.ts creatorScore); shown in thousands. */
  score: z.number().int(),
  rank: z.number().int(),
  /** Last month's rank in the category; null when the creator was not on it (New). */
  previousRank: z.number().int().nullable(),
  date: MonthSchema,
  type: LeaderboardTypeSchema,
  status: LeaderboardStatusSchema,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** A month the dropdown offers. */
export const LeaderboardMonthSchema = z.object({
  month: MonthSchema,
  status: LeaderboardStatusSchema,
});
export type LeaderboardMonth = z.infer<typeof LeaderboardMonthSchema>;

export const LeaderboardQuerySchema = z.object({
  type: LeaderboardTypeSchema.default('new'),
  /** The month; absent: the newest month the caller may see. */
  date: MonthSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** One page of a month's board, with the months the dropdown offers (newest first). */
export const LeaderboardPageSchema = pageOf(LeaderboardEntrySchema).extend({
  /** The month shown; null when no month can be shown yet. */
  month: MonthSchema.nullable(),
  type: LeaderboardTypeSchema,
  months: z.array(LeaderboardMonthSchema),
});
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;

/** The leaderboard as everyone sees it: approved months only. Served from a 120-second cache. */
export const getLeaderboard = endpoint({
  method: 'GET',
  path: '/api/leaderboard',
  auth: 'none',
  flag: 'leaderboard',
  summary: 'A page of an approved month of the creators leaderboard',
  query: LeaderboardQuerySchema,
  response: LeaderboardPageSchema,
});

/** The leaderboard as admins see it: pending months too. */
export const getAdminLeaderboard = endpoint({
  method: 'GET',
  path: '/api/admin/leaderboard',
  auth: 'admin',
  summary: 'Admin: a page of any month of the creators leaderboard, pending ones included',
  query: LeaderboardQuerySchema,
  response: LeaderboardPageSchema,
});

const MonthParamsSchema = z.object({ month: MonthSchema });

/** Approves a pending month: it is shown to everyone and its prizes are granted. */
export const approveLeaderboardMonth = endpoint({
  method: 'POST',
  path: '/api/admin/leaderboard/:month/approve',
  auth: 'admin',
  summary: 'Admin: approve a month of the creators leaderboard',
  params: MonthParamsSchema,
  response: LeaderboardMonthSchema,
});

/** Computes a month again (a pending month's table is replaced; an approved month stays as approved). */
export const recomputeLeaderboardMonth = endpoint({
  method: 'POST',
  path: '/api/admin/leaderboard/:month/compute',
  auth: 'admin',
  summary: 'Admin: run the leaderboard job for a month',
  params: MonthParamsSchema,
  response: z.object({ queued: z.boolean() }),
});
