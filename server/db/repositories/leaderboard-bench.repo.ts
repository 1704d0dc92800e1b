/**
 * Bulk writes of the leaderboard bench's library (npm run bench, BENCH_ONLY=leaderboard): creators
 * `lbc<i>` and public bots `lb-<i>` whose creator, messages, ratings, age and favourites follow fixed
 * pseudo-random laws (hashtext of the index), so the same size gives the same library. Creators are
 * skewed (a few own many bots), messages log-uniform, as in the large library. Only that bench uses it.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

/** Bench bots already written. */
export async function countBenchBots(db: Db): Promise<number> {
  const row = await sql<{ n: string }>`
    select count(*) as n from characters where slug like 'lb-%'`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

export async function insertBenchCreators(db: Db, count: number): Promise<void> {
  await sql`
    insert into users (kind, username, name)
    select 'member', 'lbc' || i, 'Creator ' || i from generate_series(1, ${count}::int) as i
    on conflict (username) do nothing`.execute(db);
}

/** Bots `from`..`to` (inclusive), each owned by one of `creators` creators. */
export async function insertBenchBots(
  db: Db,
  range: { from: number; to: number; creators: number },
): Promise<void> {
  await sql`
    insert into characters (slug, name, title, persona, greeting, creator_user_id, visibility,
      definition_visible, num_messages, num_ratings, rating_score, created_at, updated_at)
    select 'lb-' || i, 'Bot ' || i, 'A leaderboard bench bot', 'Brief.', 'Hello!', u.id,
      case when i % 20 = 0 then 'private' else 'public' end, true, m.messages, m.messages / 50,
      (abs(hashtext('r' || i)) % 1000) / 1000.0,
      now() - make_interval(mins => abs(hashtext('t' || i)) % (730 * 24 * 60)),
      now()
    from generate_series(${range.from}::int, ${range.to}::int) as i
    cross join lateral (
      select floor(exp((abs(hashtext('m' || i)) % 1000000) / 1000000.0 * ln(2000000)))::bigint - 1
        as messages,
        1 + floor(${range.creators}::int * power((abs(hashtext('c' || i)) % 1000000) / 1000000.0, 2))::int
        as creator
    ) m
    join users u on u.username = 'lbc' || m.creator
    on conflict (slug) do nothing`.execute(db);
}

/** A favourite on every fifth bench bot, from a creator picked by its slug. */
export async function insertBenchFavorites(db: Db, creators: number): Promise<void> {
  await sql`
    insert into character_favorites (user_id, character_id)
    select u.id, ch.id from characters ch
    join users u on u.username = 'lbc' || (1 + abs(hashtext(ch.slug)) % ${creators}::int)
    where ch.slug like 'lb-%' and abs(hashtext('f' || ch.slug)) % 5 = 0
    on conflict do nothing`.execute(db);
}

export async function analyzeBench(db: Db): Promise<void> {
  await sql`vacuum analyze characters`.execute(db);
  await sql`vacuum analyze listed_characters`.execute(db);
  await sql`vacuum analyze character_favorites`.execute(db);
  await sql`vacuum analyze users`.execute(db);
}
