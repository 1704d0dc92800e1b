/**
 * Library search and listing SQL (issue 10 part 2). docs/performance.md trap 6: a full-text match
 * ordered by a sort and limited either walks the sort's index until enough rows match (fast when many
 * match, seconds when few do) or gathers every match through the GIN index and sorts them (fast when few
 * match, slow when many do). The planner guesses wrong for rare terms, so the plan is chosen here from
 * the terms' and tags' document frequencies (search_term_stats, tags.num_listed, refreshed by the
 * maintenance queue): walk when (offset + limit) · N / matches < matches, gather otherwise.
 * The public library is read from listed_characters (migrations/202611270500), a narrow copy of the
 * listed characters kept by triggers, so walks and gathers touch a few hundred bytes a match instead of
 * the whole character; characters is read only for the page's rows (findRecords) and for favorites.
 * A search by tags alone is counted in listed_character_tags (migrations/202612030000), the tags of
 * the listed characters with their filter columns, kept by triggers on listed_characters.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { LibrarySort } from '#shared/rules/library';
import type { Db } from '../database';
import type { Database } from '../tables';
import { toCharacterRecord, type CharacterRecord } from '../mappers';

/** Reachable from a favorites list: listed or unlisted (a favorite may have been found by link). */
const favoritable = sql`c.visibility in ('public', 'hidden') and (c.moderation_status is null or c.moderation_status = 'closed')`;

/** The Name sort's key (its index's expression). */
const nameKey = sql`lower(c.name) collate "C"`;

const orderBy: Record<LibrarySort, RawBuilder<unknown>> = {
  trending: sql`c.num_messages_24h desc, c.num_messages desc, c.id`,
  top_rated: sql`c.rating_score desc, c.num_ratings desc, c.id`,
  popular: sql`c.num_messages desc, c.id`,
  latest: sql`c.created_at desc, c.id`,
  name: sql`${nameKey}, c.id`,
};

/** Everything a listing filters on; the service fills it from the request and the caller. */
export interface LibraryFilter {
  /** listed: the public library; favorites: this member's favorites (listed or unlisted). */
  scope: { kind: 'listed' } | { kind: 'favorites'; userId: string };
  /** Only these creators' bots (a creator page, an @username search), or null. */
  creatorIds: string[] | null;
  /** Full-text search text (AND of its words), or null. */
  text: string | null;
  tagIds: number[];
  languages: string[];
  tokenRanges: { min: number; max: number | null }[];
  includeNsfw: boolean;
  /** False while the caller's application has the groupchat flag off. */
  includeGroups: boolean;
  excludeCreatorIds: string[];
  excludeIds: string[];
}

type Plan = 'walk' | 'gather';

/**
 * The rows a filter reads, aliased c: every row of listed_characters is listed; favorites (listed or
 * unlisted) come from characters. Both carry the columns conditions() and orderBy name.
 */
function source(f: LibraryFilter): RawBuilder<unknown> {
  return f.scope.kind === 'favorites' ? sql`characters c` : sql`listed_characters c`;
}

function conditions(f: LibraryFilter, extraExclude: readonly string[] = []): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.scope.kind === 'favorites') {
    parts.push(favoritable);
    parts.push(
      sql`c.id in (select character_id from character_favorites where user_id = ${f.scope.userId})`,
    );
  }
  if (f.creatorIds !== null) parts.push(sql`c.creator_user_id = any(${f.creatorIds}::uuid[])`);
  if (f.text !== null) parts.push(sql`c.search_vector @@ plainto_tsquery('simple', ${f.text})`);
  if (f.tagIds.length > 0) parts.push(sql`c.tag_ids @> ${f.tagIds}::integer[]`);
  if (f.languages.length > 0) parts.push(sql`c.language = any(${f.languages}::text[])`);
  if (f.tokenRanges.length > 0) {
    parts.push(
      sql`(${sql.join(
        f.tokenRanges.map((r) =>
          r.max === null
            ? sql`c.token_count >= ${r.min}`
            : sql`c.token_count between ${r.min} and ${r.max}`,
        ),
        sql` or `,
      )})`,
    );
  }
  if (!f.includeNsfw) parts.push(sql`c.is_nsfw = false`);
  if (!f.includeGroups) {
    parts.push(f.scope.kind === 'favorites' ? sql`c.type <> 'meta'` : sql`c.is_group = false`);
  }
  if (f.excludeCreatorIds.length > 0) {
    parts.push(
      sql`(c.creator_user_id is null or c.creator_user_id <> all(${f.excludeCreatorIds}::uuid[]))`,
    );
  }
  const exclude = [...f.excludeIds, ...extraExclude];
  if (exclude.length > 0) parts.push(sql`c.id <> all(${exclude}::uuid[])`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

const columns = sql`c.*,
  array(select t.name from tags t where t.id = any(c.tag_ids) order by t.name) as tags,
  (select u.username from users u where u.id = c.creator_user_id) as creator_username`;

type Row = Parameters<typeof toCharacterRecord>[0];

/** PostgreSQL's query_canceled (statement_timeout). */
function isQueryCanceled(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === '57014';
}

/**
 * Makes the planner take `plan` for the rest of the transaction, and sets the statement timeout
 * (0: none) in the same round trip. JIT is off: a node the settings disable costs 10^10, and a
 * count run by hand under the walk's settings at 1M characters spent 760 ms compiling for a 30 ms
 * scan; these statements run for milliseconds and never gain from it.
 */
async function usePlan(trx: Transaction<Database>, plan: Plan, timeoutMs = 0): Promise<void> {
  const timeout = String(timeoutMs);
  if (plan === 'gather') {
    await sql`select set_config('enable_indexscan', 'off', true),
      set_config('enable_indexonlyscan', 'off', true), set_config('enable_bitmapscan', 'on', true),
      set_config('enable_seqscan', 'on', true), set_config('enable_sort', 'on', true),
      set_config('jit', 'off', true), set_config('statement_timeout', ${timeout}, true)`.execute(
      trx,
    );
  } else {
    await sql`select set_config('enable_indexscan', 'on', true),
      set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('jit', 'off', true),
      set_config('statement_timeout', ${timeout}, true)`.execute(trx);
  }
}

/** Document frequencies: listed characters, and per search word and per tag how many carry it. */
export interface Frequencies {
  numListed: number;
  /** One entry per word of the text (0 for words too rare to be counted). */
  wordDocs: number[];
  tags: { name: string; id: number; numListed: number }[];
  /** The sort's buckets (search_sort_buckets), first in the sort's order first. */
  buckets: SortBucket[];
}

/**
 * One sort bucket of listed_sort_codes (migrations/202611290300): its code and how many listed
 * characters it held at the last statistics refresh.
 */
export interface SortBucket {
  code: number;
  ndoc: number;
}

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

/** The sort codes of a listed_characters row c, as the search index holds them. */
const codesOfRow = sql`listed_sort_codes(c.num_messages_24h, c.num_messages, c.rating_score,
  c.created_at, c.name)`;

/** Matches expected in the first buckets, per row the page needs. */
const boundMargin = 3;

/**
 * The first buckets of the sort that are expected to hold boundMargin times the matches the page
 * needs, or null when a bound would not narrow the search much (few matches expected, a deep page)
 * or nothing is known. Every row outside them sorts after every row inside, so when they hold
 * `needed` matches, the page read from them alone is the page.
 */
export function boundCodes(
  buckets: readonly SortBucket[],
  expected: number | null,
  numListed: number,
  needed: number,
): number[] | null {
  if (expected === null || expected <= 0 || numListed <= 0 || buckets.length === 0) return null;
  const target = (numListed * boundMargin * needed) / expected;
  if (target >= numListed / 4) return null;
  const codes: number[] = [];
  let held = 0;
  for (const bucket of buckets) {
    codes.push(bucket.code);
    held += bucket.ndoc;
    if (held >= target) return codes.length > 256 ? null : codes;
  }
  return null;
}

/** Sort rows a head walk may read at most (its cost when the words rarely meet after all). */
const headWalkMax = 10_000;

/**
 * A walked row costs about as much as this many index entries decoded: 70 measured at 1M characters
 * (1.4 µs a row at the head of the sort, 20 ns an entry), taken as 100 for rows not yet in memory.
 */
const walkRowCost = 100;

/**
 * How many of the sort's first rows to walk for a page when matches are plenty (a frequent word or
 * tag, alone or with another), or null. To intersect words and tags with the sort's first buckets the
 * index decodes their posting lists (`postings`: their document frequencies summed), about 7 ms for a
 * frequent word and a common tag (350,000 entries), while walking the sort's first rows until the
 * page is full reads a few hundred rows at the head of the sort, which every listing reads and so stay
 * in memory (about 1 ms). The walk is taken when it costs less, and reads at most boundMargin times
 * the rows expected to hold the page's matches (at most headWalkMax).
 */
export function headRows(
  expected: number | null,
  numListed: number,
  needed: number,
  postings: number,
): number | null {
  if (expected === null || expected <= 0 || numListed <= 0 || needed <= 0) return null;
  const walked = (numListed * needed) / expected;
  if (walked * walkRowCost > postings) return null;
  const rows = Math.ceil(boundMargin * walked);
  return rows <= headWalkMax ? rows : null;
}

/**
 * How many listed characters are expected to match, assuming the words and tags are independent; null
 * when nothing selective is asked for (every listed character may match) or the statistics were never
 * gathered.
 */
export function expectedMatches(freq: Frequencies, selectiveCounts: number[]): number | null {
  if (freq.numListed === 0) return selectiveCounts.length === 0 ? null : 0;
  if (selectiveCounts.length === 0) return null;
  return selectiveCounts.reduce((est, n) => (est * n) / freq.numListed, freq.numListed);
}

/**
 * The plan for a page: walk the sort's index, or gather every match and sort it. A walked row costs
 * about two thirds of a gathered one (measured at 1M: the walk reads the index in order, the gather
 * jumps between heap pages), so the walk wins when 2 · walked < 3 · gathered.
 */
export function choosePlan(
  expected: number | null,
  numListed: number,
  offset: number,
  limit: number,
): Plan {
  if (expected === null) return 'walk';
  if (numListed === 0) return 'gather';
  const walked = ((offset + limit) * numListed) / Math.max(expected, 1);
  return 2 * walked < 3 * expected ? 'walk' : 'gather';
}

/**
 * How long a walk may take before it is given up for the gather: words or tags that rarely go
 * together (or a filter that excludes what they match) make the expected count wrong, and an unbounded
 * walk would then read the whole index.
 */
const walkBudgetMs = 30;
/** Expected matches beyond which a gather is never tried. */
const gatherMax = 5_000;

export interface ListArgs {
  filter: LibraryFilter;
  sort: LibrarySort;
  offset: number;
  limit: number;
  /** Results are counted up to this many. */
  countCap: number;
  expected: number | null;
  /**
   * The expectation counts the one word or tag asked for, with no other filter but NSFW and blocks
   * (which leave most matches): then twice the cap expected is safely past the cap, and not counted.
   */
  isExpectedExact?: boolean;
  numListed: number;
  /** Ids to put first (prefix matches on the name), already ordered; excluded from the rest. */
  leading: readonly string[];
  /**
   * The codes of the sort's first buckets (boundCodes), or null: the page is then read from the
   * matches in those buckets, and from all matches only when they held too few.
   */
  bound?: readonly number[] | null;
  /**
   * The sort's first rows to walk for the page (headRows), or null: the page is then read from the
   * matches among them, and otherwise (they held too few) as without it.
   */
  head?: number | null;
}

/** One page of matches and their count (capped); the leading ids come first. */
export async function list(
  db: Db,
  args: ListArgs,
): Promise<{ items: CharacterRecord[]; total: number; isCapped: boolean }> {
  const { filter, sort, offset, limit, leading } = args;
  const isScoped = filter.scope.kind !== 'listed';
  const plan = isScoped ? null : choosePlan(args.expected, args.numListed, offset, limit);
  const where = conditions(filter, leading);
  const leadOnPage = leading.slice(offset, offset + limit);
  const restOffset = Math.max(0, offset - leading.length);
  const restLimit = limit - leadOnPage.length;
  // Counting walks far when many match: past 20× the cap (2× for an exact expectation) the count is
  // taken as capped.
  // A walk is chosen when matches are many: counting them would gather them all (seconds for a common
  // word with a common tag), so the expectation stands in for the count there too. A page past the
  // real end then shows No Results Found: the price of never counting a million matches.
  const margin = args.isExpectedExact === true || plan === 'walk' ? 2 : 20;
  const countIsCapped =
    !isScoped &&
    (args.expected === null ? args.numListed : args.expected) >= args.countCap * margin;

  // Ids only under the chosen plan (an offset would otherwise build tags and creator names for every
  // skipped row, and a sort would carry whole rows); the page's columns are read after, by id.
  const from = source(filter);
  const pageIds = sql`array(select c.id::text from ${from} where ${where}
    order by ${orderBy[sort]} limit ${restLimit} offset ${restOffset})`;
  const readIds = async (trx: Transaction<Database>, page: RawBuilder<unknown>) => {
    const row = (await sql<{ ids: string[] | null }>`select ${page} as ids`.execute(trx)).rows[0];
    return row?.ids ?? [];
  };
  const withPage = restLimit > 0;
  const codes = isScoped || !withPage ? null : (args.bound ?? null);
  const head = isScoped || !withPage ? null : (args.head ?? null);

  // The count runs beside the page, on a connection of its own, and always gathers when an
  // expectation stands: walking for it would read the whole index when the expectation is wrong. A
  // search by tags alone is counted in listed_character_tags instead, from the index entries of its
  // least used tag (index-only: the walk's settings, which leave only index scans).
  const isTagCount = !isScoped && filter.text === null && filter.tagIds.length > 0;
  const countSource = isTagCount
    ? sql`listed_character_tags c where c.tag_id = (select t.id from tags t
        where t.id = any(${filter.tagIds}::integer[]) order by t.num_listed, t.id limit 1)
        and ${where}`
    : sql`${from} where ${where}`;
  const counting = countIsCapped
    ? Promise.resolve(0)
    : db.transaction().execute(async (trx) => {
        if (isTagCount) await usePlan(trx, 'walk');
        else if (plan !== null) await usePlan(trx, 'gather');
        const row = (
          await sql<{ n: string }>`select count(*) as n from (select 1 from ${countSource}
            limit ${args.countCap}) m`.execute(trx)
        ).rows[0];
        return Number(row?.n ?? 0);
      });
  const reading = !withPage
    ? Promise.resolve([])
    : db.transaction().execute(async (trx) => {
        if (head !== null) {
          // Only the sort's first rows are read (the subquery's limit), in the sort's order, which
          // the outer order keeps without sorting again (the name's key is a column of the subquery
          // so that the planner sees it is already in order).
          await usePlan(trx, 'walk');
          const walked = await readIds(
            trx,
            sql`array(select c.id::text from (select c.*, ${nameKey} as name_key from ${from}
                order by ${orderBy[sort]} limit ${head}) c
              where ${where} order by ${sort === 'name' ? sql`c.name_key, c.id` : orderBy[sort]}
              limit ${restLimit} offset ${restOffset})`,
          );
          // Fewer matches than expected among them (words that rarely meet): read as without it.
          if (walked.length === restLimit) return walked;
        }
        if (codes !== null) {
          // The index intersects the words and tags with the buckets: a few dozen rows are read.
          await usePlan(trx, 'gather');
          const bounded = await readIds(
            trx,
            sql`array(select c.id::text from ${from} where ${where}
              and ${codesOfRow} && ${[...codes]}::integer[]
              order by ${orderBy[sort]} limit ${restLimit} offset ${restOffset})`,
          );
          // Fewer than expected in the first buckets (words that rarely meet, or the last page):
          // the page is read from all matches.
          if (bounded.length === restLimit) return bounded;
        }
        // A walk that may be wrong about its matches (few expected: words that rarely meet, or a
        // filter that excludes them) gets a budget, then the gather; with many expected, gathering
        // would cost more than any walk, so it walks unbounded.
        const isFewMatches = args.expected !== null && args.expected < gatherMax;
        if (plan === 'walk' && isFewMatches) {
          await sql`savepoint walk`.execute(trx);
          await usePlan(trx, 'walk', walkBudgetMs);
          try {
            return await readIds(trx, pageIds);
          } catch (err) {
            if (!isQueryCanceled(err)) throw err;
            await sql`rollback to savepoint walk`.execute(trx);
            await usePlan(trx, 'gather');
            return readIds(trx, pageIds);
          }
        }
        if (plan !== null) await usePlan(trx, plan);
        return readIds(trx, pageIds);
      });
  // The page's rows are read while the count may still run.
  const [rest, count, items] = await Promise.all([
    reading,
    counting,
    reading.then((r) => findRecords(db, [...leadOnPage, ...r])),
  ]);
  const restFound = rest.length;
  // An uncounted total is the expectation's "1,000+": a page that ends the matches shows it was
  // wrong (words that rarely meet), and knows the true total instead, so the count line never
  // claims more than there is.
  const endsMatches = restLimit > 0 && restFound < restLimit && (restFound > 0 || restOffset === 0);
  if (countIsCapped && endsMatches) {
    return { items, total: leading.length + restOffset + restFound, isCapped: false };
  }
  const total = countIsCapped ? args.countCap : Math.min(args.countCap, leading.length + count);
  return { items, total, isCapped: countIsCapped || leading.length + count >= args.countCap };
}

/**
 * Listed characters whose name starts with `prefix` (relevance tier one of a search), at most `limit`,
 * best by `sort` among the first 200 names in name order (exact names sort first there).
 */
export async function namePrefixIds(
  db: Db,
  prefix: string,
  filter: LibraryFilter,
  sort: LibrarySort,
  limit: number,
): Promise<string[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = conditions({ ...filter, text: null });
  const result = await sql<{ id: string }>`
    select c.id from (
      select c.* from ${source(filter)}
      where (lower(c.name) collate "C") like ${pattern} and ${where}
      order by lower(c.name) collate "C", c.id limit 200
    ) c order by ${orderBy[sort]} limit ${limit}`.execute(db);
  return result.rows.map((r) => r.id);
}

/**
 * The text with each uncounted word (a typo, or a word in fewer than 20 listed bots) of 3 or more
 * letters replaced by the most similar counted word sharing its first two letters (trigram
 * similarity at least 0.3, then the commoner word), with each word's document frequency, or null
 * when no word was replaced: the retry of a search that found nothing. The two letters keep it to a
 * range of the term index (about 1 ms at 1M characters, where trigram search over every counted word
 * took 40 ms a word).
 */
export async function correctedText(
  db: Db,
  text: string,
): Promise<{ text: string; wordDocs: number[] } | null> {
  const result = await sql<{ word: string; ndoc: number; correction: string | null }>`
    select w.term as word, coalesce(k.ndoc, c.ndoc, 0) as ndoc, c.term as correction
    from unnest(tsvector_to_array(to_tsvector('simple', ${text}))) as w(term)
    left join search_term_stats k on k.term = w.term
    left join lateral (
      select s.term, s.ndoc from search_term_stats s
      where k.term is null and length(w.term) >= 3
        and s.term >= left(w.term, 2)
        and s.term < left(w.term, 1) || chr(ascii(substr(w.term, 2, 1)) + 1)
        and similarity(s.term, w.term) >= 0.3
      order by similarity(s.term, w.term) desc, s.ndoc desc limit 1) c on true`.execute(db);
  if (!result.rows.some((r) => r.correction !== null)) return null;
  return {
    text: result.rows.map((r) => r.correction ?? r.word).join(' '),
    wordDocs: result.rows.map((r) => r.ndoc),
  };
}

export async function findRecords(db: Db, ids: readonly string[]): Promise<CharacterRecord[]> {
  if (ids.length === 0) return [];
  const result =
    await sql<Row>`select ${columns} from characters c where c.id = any(${[...ids]}::uuid[])`.execute(
      db,
    );
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCharacterRecord(row)] : [];
  });
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

/** Ids of members with these usernames (the @creator search and creator pages). */
export async function creatorIdsByUsername(db: Db, username: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from users where username = ${username.toLowerCase()} and kind = 'member'`.execute(
    db,
  );
  return result.rows.map((r) => r.id);
}

/** A member's signals about characters, each with the tags of the character it names. */
export interface Signal {
  characterId: string;
  kind: 'rating' | 'favorite' | 'dislike' | 'chat';
  /** The rating's value (1, 3 or 5) for ratings; 0 otherwise. */
  value: number;
  tagIds: number[];
  /** The names of tagIds, in the same order. */
  tagNames: string[];
}

/** The member's ratings, favorites, dislikes and chats (the 200 latest of each). */
export async function signals(db: Db, userId: string): Promise<Signal[]> {
  const result = await sql<{
    character_id: string;
    kind: Signal['kind'];
    value: number;
    tag_ids: number[];
    tag_names: string[];
  }>`
    select s.character_id, s.kind, s.value, c.tag_ids,
      array(select t.name from unnest(c.tag_ids) with ordinality as u(id, n)
        join tags t on t.id = u.id order by u.n) as tag_names
    from (
      (select character_id, 'rating' as kind, value::integer as value from character_ratings
        where user_id = ${userId} order by updated_at desc limit 200)
      union all
      (select character_id, 'favorite', 0 from character_favorites
        where user_id = ${userId} order by created_at desc limit 200)
      union all
      (select character_id, 'dislike', 0 from character_dislikes
        where user_id = ${userId} order by created_at desc limit 200)
      union all
      (select character_id, 'chat', 0 from conversations
        where user_id = ${userId} group by character_id order by max(updated_at) desc limit 200)
    ) s join characters c on c.id = s.character_id`.execute(db);
  return result.rows.map((r) => ({
    characterId: r.character_id,
    kind: r.kind,
    value: r.value,
    tagIds: r.tag_ids,
    tagNames: r.tag_names,
  }));
}

/** Creators the member blocked. */
export async function blockedCreatorIds(db: Db, userId: string): Promise<string[]> {
  const result = await sql<{ creator_user_id: string }>`
    select creator_user_id from creator_blocks where user_id = ${userId}`.execute(db);
  return result.rows.map((r) => r.creator_user_id);
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
