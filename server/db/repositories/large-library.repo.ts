/**
 * Bulk writes of the large library (npm run seed:large): creators, then characters in multi-row
 * batches (one unnest insert each), then their tag links in one statement. Only that script uses it.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

/** One batch of characters, column by column (the shape unnest wants). */
export interface CharacterColumns {
  name: string[];
  title: string[];
  persona: string[];
  scenario: string[];
  greeting: string[];
  creatorUserId: string[];
  language: string[];
  tokenCount: number[];
  numMessages: number[];
  numMessages24h: number[];
  ratingScore: number[];
  numRatings: number[];
  isNsfw: boolean[];
  visibility: string[];
  moderationStatus: (string | null)[];
  createdAt: string[];
  /** Tag ids as a Postgres array literal per character ('{1,5}'): unnest cannot take nested arrays. */
  tagIds: string[];
  tagNames: string[];
}

export async function countCharacters(db: Db): Promise<number> {
  const row = await sql<{ n: string }>`select count(*) as n from characters`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * Reads every table and index of the library into shared buffers (pg_prewarm), as a database that
 * has served it for a while holds them; answers the megabytes read.
 */
export async function prewarm(db: Db): Promise<number> {
  await sql`create extension if not exists pg_prewarm`.execute(db);
  const row = await sql<{ blocks: string }>`
    select coalesce(sum(pg_prewarm(c.oid::regclass)), 0) as blocks from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i')`.execute(db);
  return (Number(row.rows[0]?.blocks ?? 0) * 8) / 1024;
}

/** Inserts creators `seed-creator-<i>` (members with usernames) and answers their ids in order. */
export async function insertCreators(db: Db, count: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    insert into users (kind, username, name)
    select 'member', 'creator' || i, 'Creator ' || i from generate_series(1, ${count}) as i
    on conflict (username) do update set name = excluded.name
    returning id`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Inserts tags by name (keeping existing ones) and answers name → id. */
export async function insertTags(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  await sql`insert into tags (name) select unnest(${[...names]}::text[]) on conflict (name) do nothing`.execute(
    db,
  );
  const rows = await sql<{ id: number; name: string }>`
    select id, name from tags where name = any(${[...names]}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.id]));
}

export async function insertCharacters(db: Db, c: CharacterColumns): Promise<void> {
  await sql`
    insert into characters (name, title, persona, scenario, greeting, creator_user_id, language,
      token_count, num_messages, num_messages_24h, rating_score, num_ratings, is_nsfw, visibility,
      definition_visible, moderation_status, created_at, updated_at, tag_ids, tag_names)
    select name, title, persona, scenario, greeting, creator, language, tokens, messages, recent,
      rating, ratings, nsfw, visibility, visibility = 'public', moderation, created, created,
      tag_ids::integer[], tag_names
    from unnest(${c.name}::text[], ${c.title}::text[], ${c.persona}::text[], ${c.scenario}::text[],
      ${c.greeting}::text[], ${c.creatorUserId}::uuid[], ${c.language}::text[],
      ${c.tokenCount}::integer[], ${c.numMessages}::bigint[], ${c.numMessages24h}::integer[],
      ${c.ratingScore}::real[], ${c.numRatings}::integer[], ${c.isNsfw}::boolean[],
      ${c.visibility}::text[], ${c.moderationStatus}::text[], ${c.createdAt}::timestamptz[],
      ${c.tagIds}::text[], ${c.tagNames}::text[])
      as t(name, title, persona, scenario, greeting, creator, language, tokens, messages, recent,
        rating, ratings, nsfw, visibility, moderation, created, tag_ids, tag_names)`.execute(db);
}

/**
 * Links every character to the tags it already carries (tag_ids), in one statement. The copy
 * trigger is skipped for it (replica role), since the characters already hold their copy.
 */
export async function linkAllTags(db: Db): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      await sql`
        insert into character_tags (character_id, tag_id)
        select id, unnest(tag_ids) from characters
        on conflict do nothing`.execute(conn);
    } finally {
      await sql`set session_replication_role = default`.execute(conn);
    }
  });
}

export async function analyze(db: Db): Promise<void> {
  await sql`vacuum analyze characters`.execute(db);
  await sql`vacuum analyze listed_characters`.execute(db);
  // Vacuumed so that tag counts read only its index (index-only scans).
  await sql`vacuum analyze listed_character_tags`.execute(db);
  await sql`analyze character_tags`.execute(db);
}

/**
 * Search words listed in between `min` and `max` characters, in a fixed pseudo-random order (the
 * search bench: runs on the same library pick the same words, so runs compare).
 */
export async function termsByFrequency(
  db: Db,
  min: number,
  max: number,
  count: number,
): Promise<string[]> {
  const result = await sql<{ term: string }>`
    select term from search_term_stats
    where ndoc between ${min} and ${max} and term ~ '^[a-z]{3,}$'
    order by md5(term) limit ${count}`.execute(db);
  return result.rows.map((r) => r.term);
}

/** Tags carried by between `min` and `max` listed characters, in a fixed pseudo-random order. */
export async function tagsByFrequency(
  db: Db,
  min: number,
  max: number,
  count: number,
): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from tags where num_listed between ${min} and ${max}
    order by md5(name) limit ${count}`.execute(db);
  return result.rows.map((r) => r.name);
}

/** Names of a repeatable sample of characters (for name-prefix and typo searches). */
export async function sampleNames(db: Db, count: number): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from characters tablesample system (1) repeatable (10) limit ${count}`.execute(db);
  return result.rows.map((r) => r.name);
}

/** The bench member: a member who blocked the most prolific creators and turned NSFW on. */
export async function benchMember(db: Db, blocks: number): Promise<string> {
  const member = await sql<{ id: string }>`
    insert into users (kind, username, name, show_nsfw) values ('member', 'bench-member', 'Bench', true)
    on conflict (username) do update set show_nsfw = true
    returning id`.execute(db);
  const id = member.rows[0]?.id;
  if (id === undefined) throw new Error('bench member not stored');
  await sql`
    insert into creator_blocks (user_id, creator_user_id)
    select ${id}, u.id from users u where u.username like 'creator%'
    order by u.created_at, u.username limit ${blocks}
    on conflict do nothing`.execute(db);
  return id;
}
