/**
 * Library search and listing SQL (issue 10 part 2): a page of matches and their count, read through
 * the index library-search-plan.ts chooses (docs/performance.md trap 6), and the name-prefix tier and
 * typo corrections of a search.
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
import { choosePlan, type Plan } from '../library-search-plan';
import { toCharacterRecord, type CharacterRecord } from '../mappers';
import { codesOfRow } from './library-stats.repo';

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

/** Ids of members with these usernames (the @creator search and creator pages). */
export async function creatorIdsByUsername(db: Db, username: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from users where username = ${username.toLowerCase()} and kind = 'member'`.execute(
    db,
  );
  return result.rows.map((r) => r.id);
}
