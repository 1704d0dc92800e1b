/**
 * Library search and listing (issue 10 parts 1, 2 and 4): searchLibrary, the one call of the library
 * service, runs a search as ../library-search-plan.ts plans it: a page of matches and their count,
 * read through the index the plan chooses (docs/performance.md trap 6), after the name-prefix tier,
 * with a typo's correction when nothing matched; or a member's recommendations.
 * Ranking: bots whose name starts with the text come first (namePrefixIds: the first 200 such names,
 * where exact names sort first, in the sort's order), then the other matches in the sort's order
 * (orderBy); recommendations rank by taste (rules/library.ts).
 * The public library is read from listed_characters (migrations/202611270500), a narrow copy of the
 * listed characters kept by triggers, so walks and gathers touch a few hundred bytes a match instead of
 * the whole character; characters is read only for the page's rows (findRecords) and for favorites.
 * A search by tags alone is counted in listed_character_tags (migrations/202612030000), the tags of
 * the listed characters with their filter columns, kept by triggers on listed_characters.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { rankByTaste, tasteOf, type LibrarySort } from '#shared/rules/library';
import type { Db } from '../database';
import type { Database } from '../tables';
import {
  filterWithStatistics,
  planPage,
  searchPageArgs,
  walkBudgetMs,
  type LibraryFilter,
  type LibrarySearch,
  type PageArgs,
  type PagePlan,
  type Plan,
} from '../library-search-plan';
import { toCharacterRecord, type CharacterRecord } from '../mappers';
import { signals } from './library-signals.repo';
import { codesOfRow, frequencies } from './library-stats.repo';

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

/**
 * The rows a filter reads, aliased c: every row of listed_characters is listed; favorites (listed or
 * unlisted) come from characters. Both carry the columns conditions() and orderBy name.
 */
function source(f: LibraryFilter): RawBuilder<unknown> {
  return f.scope.kind === 'favorites' ? sql`characters c` : sql`listed_characters c`;
}

/** A size filter's token ranges: a character matches when its token count is in any of them. */
function inTokenRanges(ranges: LibraryFilter['tokenRanges']): RawBuilder<unknown> {
  const each = ranges.map((r) =>
    r.max === null
      ? sql`c.token_count >= ${r.min}`
      : sql`c.token_count between ${r.min} and ${r.max}`,
  );
  return sql`(${sql.join(each, sql` or `)})`;
}

/** The filter as SQL conditions on c, in one order so that equal filters give equal statements. */
function conditions(f: LibraryFilter, extraExclude: readonly string[] = []): RawBuilder<unknown> {
  const isFavorites = f.scope.kind === 'favorites';
  const exclude = [...f.excludeIds, ...extraExclude];
  const parts = [
    ...(f.scope.kind === 'favorites'
      ? [
          favoritable,
          sql`c.id in (select character_id from character_favorites where user_id = ${f.scope.userId})`,
        ]
      : []),
    f.creatorIds !== null && sql`c.creator_user_id = any(${f.creatorIds}::uuid[])`,
    f.text !== null && sql`c.search_vector @@ plainto_tsquery('simple', ${f.text})`,
    f.tagIds.length > 0 && sql`c.tag_ids @> ${f.tagIds}::integer[]`,
    f.languages.length > 0 && sql`c.language = any(${f.languages}::text[])`,
    f.tokenRanges.length > 0 && inTokenRanges(f.tokenRanges),
    !f.includeNsfw && sql`c.is_nsfw = false`,
    !f.includeGroups && (isFavorites ? sql`c.type <> 'meta'` : sql`c.is_group = false`),
    f.excludeCreatorIds.length > 0 &&
      sql`(c.creator_user_id is null or c.creator_user_id <> all(${f.excludeCreatorIds}::uuid[]))`,
    exclude.length > 0 && sql`c.id <> all(${exclude}::uuid[])`,
  ].filter((part) => part !== false);
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

/** A page of characters, the total matches (counted up to the cap) and whether there are more. */
export interface LibraryResult {
  items: CharacterRecord[];
  total: number;
  isCapped: boolean;
}

/** One page of matches and their count (capped), read as `plan` says; the leading ids come first. */
export async function readPage(db: Db, plan: PagePlan): Promise<LibraryResult> {
  const { filter, sort, leading, restOffset, restLimit } = plan;
  const where = conditions(filter, leading);
  const from = source(filter);
  const pageIds = sql`array(select c.id::text from ${from} where ${where}
    order by ${orderBy[sort]} limit ${restLimit} offset ${restOffset})`;
  const readIds = async (trx: Transaction<Database>, page: RawBuilder<unknown>) => {
    const row = (await sql<{ ids: string[] | null }>`select ${page} as ids`.execute(trx)).rows[0];
    return row?.ids ?? [];
  };
  const withPage = restLimit > 0;
  const { head, bound } = plan;

  // The count runs beside the page, on a connection of its own (PageCount says how).
  const isTagCount = plan.count === 'tag-entries';
  const countIsCapped = plan.count === 'expectation';
  const countSource = isTagCount
    ? sql`listed_character_tags c where c.tag_id = (select t.id from tags t
        where t.id = any(${filter.tagIds}::integer[]) order by t.num_listed, t.id limit 1)
        and ${where}`
    : sql`${from} where ${where}`;
  const counting = countIsCapped
    ? Promise.resolve(0)
    : db.transaction().execute(async (trx) => {
        if (isTagCount) await usePlan(trx, 'walk');
        else if (plan.count === 'gather') await usePlan(trx, 'gather');
        const row = (
          await sql<{ n: string }>`select count(*) as n from (select 1 from ${countSource}
            limit ${plan.countCap}) m`.execute(trx)
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
        if (bound !== null) {
          // The index intersects the words and tags with the buckets: a few dozen rows are read.
          await usePlan(trx, 'gather');
          const bounded = await readIds(
            trx,
            sql`array(select c.id::text from ${from} where ${where}
              and ${codesOfRow} && ${[...bound]}::integer[]
              order by ${orderBy[sort]} limit ${restLimit} offset ${restOffset})`,
          );
          // Fewer than expected in the first buckets (words that rarely meet, or the last page):
          // the page is read from all matches.
          if (bounded.length === restLimit) return bounded;
        }
        if (plan.read === 'walk-then-gather') {
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
        if (plan.read !== 'planner') await usePlan(trx, plan.read);
        return readIds(trx, pageIds);
      });
  // The page's rows are read while the count may still run.
  const [rest, count, items] = await Promise.all([
    reading,
    counting,
    reading.then((r) => findRecords(db, [...plan.leadingOnPage, ...r])),
  ]);
  const restFound = rest.length;
  // An uncounted total is the expectation's "1,000+": a page that ends the matches shows it was
  // wrong (words that rarely meet), and knows the true total instead, so the count line never
  // claims more than there is.
  const endsMatches = restLimit > 0 && restFound < restLimit && (restFound > 0 || restOffset === 0);
  if (countIsCapped && endsMatches) {
    return { items, total: leading.length + restOffset + restFound, isCapped: false };
  }
  const total = countIsCapped ? plan.countCap : Math.min(plan.countCap, leading.length + count);
  return { items, total, isCapped: countIsCapped || leading.length + count >= plan.countCap };
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

/** Ids of members with these usernames (the @creator search and creator pages). */
export async function creatorIdsByUsername(db: Db, username: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from users where username = ${username.toLowerCase()} and kind = 'member'`.execute(
    db,
  );
  return result.rows.map((r) => r.id);
}

const noResults: LibraryResult = { items: [], total: 0, isCapped: false };

/**
 * A search or listing (every scope), run as its plan says: the creator's id and the statistics first
 * (with the name-prefix tier beside them when it needs no tag ids), then the page and its count, and
 * when nothing matched a word too rare to be counted, the page again with the words most like it.
 */
export async function searchLibrary(db: Db, search: LibrarySearch): Promise<LibraryResult> {
  const { text, sort, limit } = search;
  const creatorIds =
    search.creator === null ? null : await creatorIdsByUsername(db, search.creator);
  if (creatorIds !== null && creatorIds.length === 0) return noResults;
  const [freq, early] = await Promise.all([
    frequencies(db, text, search.tagNames, sort),
    text !== null && search.prefixTier === 'beside-statistics'
      ? namePrefixIds(db, text, { ...search.filter, creatorIds }, sort, limit)
      : null,
  ]);
  const filter = filterWithStatistics(search, creatorIds, freq);
  if (filter === null) return noResults;
  if (search.recommendFor !== null) return recommend(db, search.recommendFor, filter, search);

  const leading =
    early ??
    (text !== null && search.prefixTier === 'after-statistics'
      ? await namePrefixIds(db, text, filter, sort, limit)
      : []);
  if (text !== null && filter.text === null && leading.length === 0) return noResults;
  // A word too rare to be counted may be a typo: its correction is looked up beside the search, and
  // used when nothing matched (the words most like the ones typed are better than an empty page).
  const [result, corrected] = await Promise.all([
    readPage(db, planPage(searchPageArgs(search, freq, filter, leading, freq.wordDocs))),
    filter.text !== null && freq.wordDocs.includes(0) ? correctedText(db, filter.text) : null,
  ]);
  if (result.total > 0 || corrected === null) return result;
  // The corrected words are counted ones: the retry narrows its read by their expectation as a
  // search typed that way would (unnarrowed, a walk for a correction to a mid-frequency word read
  // thousands of rows, then gave up for the gather).
  const retry = { ...filter, text: corrected.text };
  return readPage(db, planPage(searchPageArgs(search, freq, retry, [], corrected.wordDocs)));
}

/** Bots read per tag for recommendations (the most popular of each), and the cap of their count. */
const poolSize = 60;

/** A page read without statistics (recommendations): the sort's index, and every match counted. */
function unestimated(
  filter: LibraryFilter,
  sort: LibrarySort,
  offset: number,
  limit: number,
  countCap: number,
): PageArgs {
  return { filter, sort, offset, limit, countCap, expected: null, numListed: 0, leading: [] };
}

/**
 * Recommendations from the member's ratings, favorites, chats and dislikes: the most popular listed
 * bots of the member's three best tags (rules/library.ts, tasteOf), ranked by taste (rankByTaste).
 * Bots the member already rated, favorited, disliked or chatted with are left out (disliked ones
 * always); with no tag liked, the trending library is the recommendation.
 */
async function recommend(
  db: Db,
  userId: string,
  filter: LibraryFilter,
  search: LibrarySearch,
): Promise<LibraryResult> {
  const taste = tasteOf(await signals(db, userId));
  const base = { ...filter, excludeIds: taste.seen };
  const { offset, limit } = search;
  if (taste.topTagIds.length === 0) {
    return readPage(db, planPage(unestimated(base, 'trending', offset, limit, poolSize)));
  }
  const pools = await Promise.all(
    taste.topTagIds.map((tag) => {
      const tagIds = [...new Set([...base.tagIds, tag])];
      return readPage(db, planPage(unestimated({ ...base, tagIds }, 'popular', 0, poolSize, 1)));
    }),
  );
  const ranked = rankByTaste(
    pools.flatMap((pool) => pool.items),
    taste,
  );
  return { items: ranked.slice(offset, offset + limit), total: ranked.length, isCapped: false };
}
