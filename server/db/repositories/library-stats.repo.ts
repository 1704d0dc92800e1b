/**
 * The library's counts and statistics (issue 10 part 2): what the search plan reads
 * (library-search-plan.ts: how many characters are listed, each word's and tag's document frequency,
 * the sort buckets' sizes), the tag counts the filter panel offers, and Trending's messages of the last
 * 24 hours. The maintenance queue refreshes them (workers/start-workers.ts), so a search reads a few
 * rows of them instead of counting the library.
 */
import { sql } from 'kysely';
import type { LibrarySort } from '#shared/rules/library';
import type { Db } from '../database';
import type { Frequencies } from '../library-search-plan';

/**
 * Each sort's codes lie in [base, base + 10,000,000); along the sort's order the code never decreases
 * (Name, ascending) or never increases (the others, descending).
 */
export const sortCodes: Record<LibrarySort, { base: number; ascending: boolean }> = {
  trending: { base: 10_000_000, ascending: false },
  popular: { base: 20_000_000, ascending: false },
  top_rated: { base: 30_000_000, ascending: false },
  latest: { base: 40_000_000, ascending: false },
  name: { base: 50_000_000, ascending: true },
};

/** The sort codes of a listed_characters row c, as the search index holds them. */
export const codesOfRow = sql`listed_sort_codes(c.num_messages_24h, c.num_messages, c.rating_score,
  c.created_at, c.name)`;

/**
 * One round trip: the listed count, each word's document frequency, the named tags and the sort's
 * buckets.
 */
export async function frequencies(
  db: Db,
  text: string | null,
  tagNames: readonly string[],
  sort: LibrarySort = 'trending',
): Promise<Frequencies> {
  const codes = sortCodes[sort];
  const result = await sql<{
    num_listed: number | null;
    word_docs: number[];
    tags: { id: number; name: string; num_listed: number }[];
    buckets: [number, number][];
  }>`
    select (select num_listed from search_stats) as num_listed,
      array(select coalesce(s.ndoc, 0)
        from unnest(tsvector_to_array(to_tsvector('simple', ${text ?? ''}))) as w(term)
        left join search_term_stats s on s.term = w.term) as word_docs,
      coalesce((select json_agg(json_build_object('id', id, 'name', name, 'num_listed', num_listed))
        from tags where name = any(${[...tagNames]}::text[])), '[]') as tags,
      coalesce((select json_agg(json_build_array(code, ndoc)
          order by case when ${codes.ascending} then code else -code end)
        from search_sort_buckets
        where code >= ${codes.base} and code < ${codes.base + 10_000_000}), '[]') as buckets`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    numListed: row?.num_listed ?? 0,
    wordDocs: row?.word_docs ?? [],
    tags: (row?.tags ?? []).map((r) => ({ id: r.id, name: r.name, numListed: r.num_listed })),
    buckets: (row?.buckets ?? []).map(([code, ndoc]) => ({ code, ndoc })),
  };
}

/**
 * The most used tags among listed characters, as of the last statistics refresh; without groups, only
 * chatbots count (the groupchat flag off, as LibraryFilter.includeGroups).
 */
export async function popularTags(
  db: Db,
  limit: number,
  includeGroups: boolean,
): Promise<{ name: string; count: number }[]> {
  const counted = includeGroups ? sql`num_listed` : sql`num_listed - num_listed_groups`;
  const result = await sql<{ name: string; n: number }>`
    select name, ${counted} as n from tags where ${counted} > 0
    order by n desc, name limit ${limit}`.execute(db);
  return result.rows.map((r) => ({ name: r.name, count: r.n }));
}

/**
 * Rebuilds the statistics the plan choice reads: listed count, per-word document frequency (words in
 * fewer than 20 listed characters are left out: a missing word counts as rare), per-tag counts (and
 * how many of them are groups) and the sort buckets' sizes.
 */
export async function refreshSearchStats(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One refresh at a time: two at once each deleted only the rows they saw, then both inserted
    // every term, and the later one failed on the primary key (tests and the worker both refresh).
    await sql`select pg_advisory_xact_lock(hashtext('refresh-search-stats'))`.execute(trx);
    await sql`delete from search_term_stats`.execute(trx);
    await sql`
      insert into search_term_stats (term, ndoc)
      select word, ndoc from ts_stat('select search_vector from listed_characters')
      where ndoc >= 20`.execute(trx);
    // Materialized: inlined, the count was planned once per tag (minutes at 1M characters).
    await sql`
      with counts as materialized (
        select tag_id, count(*) as n, count(*) filter (where is_group) as groups
        from listed_characters, unnest(tag_ids) as tag_id
        group by tag_id)
      update tags t set
        num_listed = coalesce((select n from counts where counts.tag_id = t.id), 0),
        num_listed_groups = coalesce((select groups from counts where counts.tag_id = t.id), 0)`.execute(
      trx,
    );
    await sql`delete from search_sort_buckets`.execute(trx);
    await sql`
      insert into search_sort_buckets (code, ndoc)
      select code, count(*) from listed_characters c, unnest(${codesOfRow}) as code
      group by code`.execute(trx);
    await sql`
      insert into search_stats (id, num_listed, refreshed_at)
      select true, count(*), now() from listed_characters
      on conflict (id) do update set num_listed = excluded.num_listed, refreshed_at = now()`.execute(
      trx,
    );
  });
}

/**
 * Recounts each character's messages of the last 24 hours (Trending). Storing a reply adds to the count
 * as it happens; this run drops what has aged out.
 */
export async function recountRecentMessages(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      create temporary table recent_counts on commit drop as
      select cv.character_id, count(*)::integer as n from messages m
      join conversations cv on cv.id = m.conversation_id
      where m.created_at > now() - interval '24 hours' and m.is_alternative = false
      group by cv.character_id`.execute(trx);
    await sql`
      update characters c set num_messages_24h = r.n from recent_counts r
      where c.id = r.character_id and c.num_messages_24h <> r.n`.execute(trx);
    await sql`
      update characters c set num_messages_24h = 0
      where c.num_messages_24h > 0
        and not exists (select 1 from recent_counts r where r.character_id = c.id)`.execute(trx);
  });
}
