/**
 * Sort buckets inside the search index (issue 10 part 2, docs/performance.md G6). A mid-frequency
 * word or tag (1,000 to 10,000 matches at 1M characters) either gathered every match from the heap to
 * sort it or walked the sort's index past thousands of non-matches: both read thousands of random heap
 * pages, the slowest searches of the bench. Each listed character now also carries, in the search
 * index, one bucket code per sort: a number that never decreases along the sort's order (quarter
 * octaves of the message counts, thousandths of the rating, the creation day, the name's first two
 * characters). A search can then ask the index for the matches in the first buckets only — enough of
 * them, by the buckets' sizes in search_sort_buckets, to fill the page — and reads a few dozen rows
 * instead of thousands; every row outside those buckets sorts after every row inside, so the page is
 * the same. The buckets' sizes are refreshed with the other search statistics.
 *
 * On an existing database the migration rebuilds the search index and counts the buckets: 2 min 21 s
 * at 1M characters on 2 cores shared with other work (load 7). Searches keep reading the old index
 * meanwhile; writes to listed characters wait for the build.
 */
import { type Kysely, sql } from 'kysely';

/** Immutable: the epoch day comes from an interval (extract on a timestamptz is only stable). */
const codesFunction = sql`
  create function listed_sort_codes(num_messages_24h integer, num_messages bigint,
    rating_score real, created_at timestamptz, name text)
  returns integer[] language sql immutable parallel safe as $$
    select array[
      10000000 + floor(4 * ln(greatest(num_messages_24h, 0) + 1.0) / ln(2.0))::integer,
      20000000 + floor(4 * ln(greatest(num_messages, 0) + 1.0) / ln(2.0))::integer,
      30000000 + case when rating_score >= 1 then 1000 when rating_score > 0
        then floor(rating_score * 1000)::integer else 0 end,
      40000000 + least(greatest(floor(date_part('epoch',
        created_at - timestamptz '1970-01-01 00:00:00+00') / 86400), 0), 999999)::integer,
      50000000 + case when ascii(lower(name)) >= 1022 then 1022 * 1024
        else ascii(lower(name)) * 1024 + least(ascii(substr(lower(name), 2)), 1023) end]
  $$`;

const codesOf = sql`listed_sort_codes(num_messages_24h, num_messages, rating_score, created_at,
  name)`;

export async function up(db: Kysely<any>): Promise<void> {
  await codesFunction.execute(db);
  await sql`alter index listed_characters_match_idx rename to listed_characters_match_old_idx`.execute(
    db,
  );
  await sql`create index listed_characters_match_idx on listed_characters
    using gin (search_vector, tag_ids, (${codesOf}))`.execute(db);
  await sql`drop index listed_characters_match_old_idx`.execute(db);
  await sql`
    create table search_sort_buckets (
      code integer primary key,
      ndoc integer not null
    )`.execute(db);
  await sql`
    insert into search_sort_buckets (code, ndoc)
    select code, count(*) from listed_characters, unnest(${codesOf}) as code
    group by code`.execute(db);
  await sql`analyze listed_characters`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table search_sort_buckets`.execute(db);
  await sql`drop index listed_characters_match_idx`.execute(db);
  await sql`create index listed_characters_match_idx on listed_characters
    using gin (search_vector, tag_ids)`.execute(db);
  await sql`drop function listed_sort_codes(integer, bigint, real, timestamptz, text)`.execute(db);
}
