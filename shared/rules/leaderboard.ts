/**
 * The creators leaderboard's rules (product-rules.md §9 "Leaderboard", §4, §6): how a creator's monthly
 * score is made from the signals the library stores, how creators are ranked, how movement against last
 * month is told, who wins which prize, and how scores and stars are shown. Pure: the leaderboard job
 * (workers/leaderboard/) and the page (client/features/leaderboard/) both use it. The score is defined
 * here and only here.
 */

/** Creators kept per category each month (spec: top 25). */
export const leaderboardSize = 25;
/** Hits per page of the table (spec: 48). */
export const leaderboardPageSize = 48;
/** How long a page of the leaderboard is served from cache (spec: 120 seconds). */
export const leaderboardCacheSeconds = 120;
/** How long a read of the leaderboard may take before it is given up (spec: 15 seconds). */
export const leaderboardTimeoutMs = 15_000;
/** Ranks that win a free month of the top tier (spec: the top 3). */
export const topPrizeRanks = 3;
/** Ranks that win a free month of a lower tier: the next 7, so ranks 4 to 10. */
export const lowerPrizeRanks = 10;

/** The two categories: bots created in the month, and all bots. */
export const leaderboardTypes = ['new', 'all'] as const;
export type LeaderboardType = (typeof leaderboardTypes)[number];
/** The tab labels of the categories (spec: New Bots, All Bots). */
export const leaderboardTypeLabels: Record<LeaderboardType, string> = {
  new: 'New Bots',
  all: 'All Bots',
};

/**
 * What the library stores of one listed bot, summed over a creator's bots of a category: its messages
 * (num_messages), its favourites (character_favorites rows), its likes and loves among ratings
 * (rating_score × num_ratings, rounded) and its ratings in all.
 */
export interface CreatorSignals {
  userId: string;
  username: string;
  avatarUrl: string | null;
  /** Listed bots of the category. */
  numBots: number;
  messages: number;
  favorites: number;
  /** Ratings that like (3) or love (5) a bot. */
  likes: number;
  ratings: number;
}

/**
 * Weights of each signal in the score. A favourite or a like is a deliberate act worth many messages;
 * a dislike (a rating that is not a like) takes off what it would have added, so bots people chat with
 * but do not like rank below bots people chat with and like.
 */
export const scoreWeights = {
  message: 1,
  favorite: 50,
  like: 20,
  dislike: -20,
} as const;

/**
 * The signals are the library's stored totals as the job reads them (num_messages, favourites, ratings
 * of each bot), not counts of the month's own activity: the library keeps no per-month history of
 * them. So a month's table is the one computed when its job ran, and an approved month is never
 * recomputed (a later run would read later totals).
 *
 * A creator's score for a category: messages + 50 × favourites + 20 × likes − 20 × dislikes over the
 * creator's listed bots of that category (New Bots: created in the month; All Bots: created by the
 * month's end), never below 0. Whole points; the page shows it in thousands with one decimal.
 */
export function creatorScore(
  s: Pick<CreatorSignals, 'messages' | 'favorites' | 'likes' | 'ratings'>,
): number {
  const dislikes = Math.max(0, s.ratings - s.likes);
  const score =
    s.messages * scoreWeights.message +
    s.favorites * scoreWeights.favorite +
    s.likes * scoreWeights.like +
    dislikes * scoreWeights.dislike;
  return Math.max(0, Math.round(score));
}

/** A creator placed on a month's board. */
export interface RankedCreator {
  userId: string;
  username: string;
  avatarUrl: string | null;
  numBots: number;
  score: number;
  rank: number;
  /** Last month's rank in the same category, or null when the creator was not on it. */
  previousRank: number | null;
}

/**
 * Ranks creators by score, highest first; equal scores go to the creator with more bots, then by
 * username, so a run over the same signals always gives the same table. Creators scoring 0 are not
 * ranked. Keeps the top `size`.
 */
export function rankCreators(
  creators: readonly CreatorSignals[],
  previousRanks: ReadonlyMap<string, number>,
  size: number = leaderboardSize,
): RankedCreator[] {
  const scored = creators
    .map((c) => ({ ...c, score: creatorScore(c) }))
    .filter((c) => c.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.numBots - a.numBots ||
        (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
    )
    .slice(0, size);
  return scored.map((c, i) => ({
    userId: c.userId,
    username: c.username,
    avatarUrl: c.avatarUrl,
    numBots: c.numBots,
    score: c.score,
    rank: i + 1,
    previousRank: previousRanks.get(c.userId) ?? null,
  }));
}

/** Movement against last month: up or down by some places, the same place, or new on the board. */
export type Movement =
  | { kind: 'up'; places: number }
  | { kind: 'down'; places: number }
  | { kind: 'same' }
  | { kind: 'new' };

export function movementOf(rank: number, previousRank: number | null): Movement {
  if (previousRank === null) return { kind: 'new' };
  if (previousRank > rank) return { kind: 'up', places: previousRank - rank };
  if (previousRank < rank) return { kind: 'down', places: rank - previousRank };
  return { kind: 'same' };
}

/** The M/M Rank column's text and its accessible label. */
export function movementText(m: Movement): { text: string; label: string } {
  switch (m.kind) {
    case 'up':
      return { text: `▲ ${String(m.places)}`, label: `Up ${String(m.places)}` };
    case 'down':
      return { text: `▼ ${String(m.places)}`, label: `Down ${String(m.places)}` };
    case 'same':
      return { text: '–', label: 'No change' };
    case 'new':
      return { text: 'New', label: 'New this month' };
  }
}

/** Which prize a rank wins: a free month of the top tier, of a lower tier, or none. */
export type PrizeTier = 'top' | 'lower';

export function prizeTierOf(rank: number): PrizeTier | null {
  if (rank <= topPrizeRanks) return 'top';
  if (rank <= lowerPrizeRanks) return 'lower';
  return null;
}

/** One prize of a month: one per member, the best they won across both categories. */
export interface Prize {
  userId: string;
  tier: PrizeTier;
  type: LeaderboardType;
  rank: number;
}

/**
 * The month's prizes (spec: the top 3 win a free month of a top tier, the next 7 of a lower tier; one
 * prize per user per month). A creator placed in both categories gets the better prize (the top tier,
 * then the better rank, then New Bots); the places are not passed down to the next creator.
 */
export function monthPrizes(boards: Record<LeaderboardType, readonly RankedCreator[]>): Prize[] {
  const best = new Map<string, Prize>();
  for (const type of leaderboardTypes) {
    for (const entry of boards[type]) {
      const tier = prizeTierOf(entry.rank);
      if (tier === null) continue;
      const prize: Prize = { userId: entry.userId, tier, type, rank: entry.rank };
      const held = best.get(entry.userId);
      if (held === undefined || isBetter(prize, held)) best.set(entry.userId, prize);
    }
  }
  return [...best.values()].sort(
    (a, b) =>
      tierOrder(a.tier) - tierOrder(b.tier) ||
      a.rank - b.rank ||
      leaderboardTypes.indexOf(a.type) - leaderboardTypes.indexOf(b.type),
  );
}

function tierOrder(tier: PrizeTier): number {
  return tier === 'top' ? 0 : 1;
}

function isBetter(a: Prize, b: Prize): boolean {
  return (
    (tierOrder(a.tier) - tierOrder(b.tier) ||
      a.rank - b.rank ||
      leaderboardTypes.indexOf(a.type) - leaderboardTypes.indexOf(b.type)) < 0
  );
}

/** Stars beside a rank (spec: two up to rank 3, one up to rank 10). */
export function starsOf(rank: number): 0 | 1 | 2 {
  if (rank <= topPrizeRanks) return 2;
  if (rank <= lowerPrizeRanks) return 1;
  return 0;
}

/** A score in thousands with one decimal (spec): 12345 → '12.3K', 950 → '1.0K', 0 → '0.0K'. */
export function formatScore(score: number): string {
  return `${(Math.round(score / 100) / 10).toFixed(1)}K`;
}

/** A month as the `date` query parameter and the job name it: 'YYYY-MM'. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of an instant, in UTC: 'YYYY-MM'. */
export function monthOf(at: Date): string {
  return `${String(at.getUTCFullYear())}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month before a month. */
export function previousMonth(month: string): string {
  const { start } = monthRange(month);
  return monthOf(new Date(start.getTime() - 1));
}

/** The instants a month spans in UTC: [start, end). */
export function monthRange(month: string): { start: Date; end: Date } {
  if (!monthPattern.test(month)) throw new Error(`not a month: ${month}`);
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return {
    start: new Date(Date.UTC(year, index, 1)),
    end: new Date(Date.UTC(year, index + 1, 1)),
  };
}

/** A month as the dropdown names it: 'November 2026'. */
export function monthLabel(month: string): string {
  const { start } = monthRange(month);
  return start.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
