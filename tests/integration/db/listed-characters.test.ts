/**
 * listed_characters (migrations/202611270500): the narrow copy of the listed characters that library
 * search reads. The triggers must keep it exactly in step with characters under every write, alone or
 * concurrent, and the library's queries over it must answer what the same queries over characters do.
 * Every test works on its own characters (by id or by its own creators), as test files run in parallel.
 */
import { randomUUID } from 'node:crypto';
import { sql, type UpdateObject } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';
import * as library from '#server/db/repositories/library.repo';
import type { Database, ModerationStatusColumn } from '#server/db/tables';
import { librarySorts, type LibrarySort } from '#shared/rules/library';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';

let db: Db;
type Patch = UpdateObject<Database, 'characters'>;

beforeAll(() => {
  db = createDb(testConfig().DATABASE_URL, 12);
});
afterAll(async () => {
  await db.destroy();
});

const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

/**
 * Where the copy of these characters differs from what characters says it should hold: a listed
 * character without its row ('missing'), a row for one not listed ('extra'), a row whose columns
 * differ ('different'), or tag rows in listed_character_tags that differ from its copy's tags
 * ('tags').
 */
async function drift(ids: readonly string[]): Promise<{ id: string; kind: string }[]> {
  const result = await sql<{ id: string; kind: string }>`
    with expected as (
      select c.id, c.created_at, c.num_messages, c.rating_score, c.num_ratings, c.num_messages_24h,
        c.token_count, c.is_nsfw, c.creator_user_id, c.language, c.name, c.tag_ids,
        strip(c.search_vector) as search_vector, c.type = 'meta' as is_group
      from characters c
      where c.id = any(${[...ids]}::uuid[]) and c.visibility = 'public'
        and (c.moderation_status is null or c.moderation_status = 'closed')),
    copied as (select * from listed_characters where id = any(${[...ids]}::uuid[]))
    select coalesce(x.id, l.id) as id,
      case when l.id is null then 'missing' when x.id is null then 'extra' else 'different' end as kind
    from expected x full join copied l on l.id = x.id
    where x.id is null or l.id is null
      or (x.created_at, x.num_messages, x.rating_score, x.num_ratings, x.num_messages_24h,
          x.token_count, x.is_nsfw, x.creator_user_id, x.language, x.name, x.tag_ids,
          x.search_vector, x.is_group)
        is distinct from (l.created_at, l.num_messages, l.rating_score, l.num_ratings,
          l.num_messages_24h, l.token_count, l.is_nsfw, l.creator_user_id, l.language, l.name,
          l.tag_ids, l.search_vector, l.is_group)`.execute(db);
  const tags = await sql<{ id: string; kind: string }>`
    with expected as (
      select t.tag_id, l.id, l.token_count, l.is_nsfw, l.is_group, l.creator_user_id, l.language,
        l.tag_ids
      from listed_characters l, unnest(l.tag_ids) as t(tag_id) where l.id = any(${[...ids]}::uuid[])),
    copied as (
      select tag_id, id, token_count, is_nsfw, is_group, creator_user_id, language, tag_ids
      from listed_character_tags where id = any(${[...ids]}::uuid[]))
    select distinct id, 'tags' as kind from (
      (select * from expected except select * from copied)
      union all (select * from copied except select * from expected)) d`.execute(db);
  return [...result.rows, ...tags.rows];
}

async function isCopied(id: string): Promise<boolean> {
  const row = await db
    .selectFrom('listed_characters')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

async function patch(id: string, values: Patch): Promise<void> {
  await db.updateTable('characters').set(values).where('id', '=', id).execute();
}

async function member(): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ kind: 'member', username: `lc${unique()}`, name: 'Creator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('listed_characters: in step with characters', () => {
  it('copies the listed characters of an insert, one row or many in one statement, and no others', async () => {
    const one = await createCharacter(db, { name: 'Solo Copy', tags: [`LcOne-${unique()}`] });
    const rows = await db
      .insertInto('characters')
      .values([
        { name: 'Public A', persona: 'walks the misty harbour' },
        { name: 'Closed B', moderation_status: 'closed' },
        { name: 'Private C', visibility: 'private' },
        { name: 'Forever private D', visibility: 'permanently_private' },
        { name: 'Unlisted E', visibility: 'hidden' },
        { name: 'Pending F', moderation_status: 'pending' },
        { name: 'Fix G', moderation_status: 'fix_required' },
        { name: 'Manual H', moderation_status: 'manual_review_required' },
        { name: 'Rereview I', moderation_status: 'rereview_required' },
      ])
      .returning(['id', 'name'])
      .execute();
    const ids = [one, ...rows.map((r) => r.id)];
    expect(await drift(ids)).toEqual([]);
    const copied = await db
      .selectFrom('listed_characters')
      .select('name')
      .where('id', 'in', ids)
      .orderBy('name')
      .execute();
    expect(copied.map((r) => r.name)).toEqual(['Closed B', 'Public A', 'Solo Copy']);
  });

  it('follows an update of every column it copies, and keeps the vector without positions', async () => {
    const creator = await member();
    const id = await createCharacter(db, { tags: [`LcCols-${unique()}`] });
    const changes: Patch[] = [
      { name: 'Renamed Rowena' },
      { title: 'Keeper of the lighthouse' },
      { persona: 'Rowena keeps the lighthouse and counts the ships passing by.' },
      { is_nsfw: true },
      { language: 'es' },
      { token_count: 2_400 },
      { creator_user_id: creator },
      {
        num_messages: sql<string>`num_messages + 2`,
        num_messages_24h: sql<number>`num_messages_24h + 2`,
      },
      { rating_score: 0.75, num_ratings: 4 },
      { created_at: '2024-02-03T04:05:06Z' },
    ];
    for (const change of changes) {
      await patch(id, change);
      expect(await drift([id]), JSON.stringify(change)).toEqual([]);
    }
    const row = await sql<{ positions: boolean; lighthouse: boolean }>`
      select search_vector::text like '%:%' as positions,
        search_vector @@ plainto_tsquery('simple', 'rowena lighthouse') as lighthouse
      from listed_characters where id = ${id}`.execute(db);
    expect(row.rows[0]).toEqual({ positions: false, lighthouse: true });
  });

  it('follows tag changes made through character_tags', async () => {
    const [a, b] = [`LcTagA-${unique()}`, `LcTagB-${unique()}`];
    const id = await createCharacter(db, { tags: [a] });
    await db.transaction().execute((trx) => characters.replaceTags(trx, id, [a, b]));
    expect(await drift([id])).toEqual([]);
    const tagB = await db
      .selectFrom('tags')
      .select('id')
      .where('name', '=', b)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('character_tags')
      .where('character_id', '=', id)
      .where('tag_id', '=', tagB.id)
      .execute();
    expect(await drift([id])).toEqual([]);
    const row = await sql<{ found: boolean }>`
      select search_vector @@ plainto_tsquery('simple', ${b.toLowerCase()}) as found
      from listed_characters where id = ${id}`.execute(db);
    expect(row.rows[0]?.found).toBe(false);
  });

  it('keeps one whole tag set when tags are replaced many times at once', async () => {
    const run = unique();
    const id = await createCharacter(db, { tags: [`LcSwap-${run}`] });
    const sets = Array.from({ length: 8 }, (_, i) => [
      `LcSwap${String(i)}-${run}`,
      `LcSwap-${run}`,
    ]);
    await Promise.all(
      sets.map((names) =>
        db.transaction().execute((trx) => characters.replaceTags(trx, id, names)),
      ),
    );
    const rows = await db
      .selectFrom('character_tags as ct')
      .innerJoin('tags as t', 't.id', 'ct.tag_id')
      .select('t.name')
      .where('ct.character_id', '=', id)
      .orderBy('t.name')
      .execute();
    const names = rows.map((r) => r.name);
    expect(sets.map((set) => [...set].sort())).toContainEqual(names);
    expect(await drift([id])).toEqual([]);
  });

  it('drops the row when a character leaves the library and writes it back when it returns', async () => {
    const id = await createCharacter(db, { tags: [`LcVis-${unique()}`] });
    const steps: [Patch, boolean][] = [
      [{ visibility: 'private' }, false],
      [{ num_messages: 7, name: 'Changed while private' }, false],
      [{ visibility: 'public' }, true],
      [{ visibility: 'hidden' }, false],
      [{ visibility: 'public', moderation_status: 'pending' }, false],
      [{ moderation_status: 'fix_required' }, false],
      [{ moderation_status: 'closed' }, true],
      [{ moderation_status: 'rereview_required' }, false],
      [{ moderation_status: null }, true],
      [{ visibility: 'permanently_private' }, false],
    ];
    for (const [change, listed] of steps) {
      await patch(id, change);
      expect(await isCopied(id), JSON.stringify(change)).toBe(listed);
      expect(await drift([id]), JSON.stringify(change)).toEqual([]);
    }
  });

  it('removes the row with its character and clears the creator whose account is deleted', async () => {
    const creator = await member();
    const kept = await createCharacter(db, { creatorUserId: creator, tags: [`LcDel-${unique()}`] });
    const removed = await createCharacter(db, {
      creatorUserId: creator,
      tags: [`LcDel-${unique()}`],
    });
    await db.deleteFrom('characters').where('id', '=', removed).execute();
    expect(await isCopied(removed)).toBe(false);
    await db.deleteFrom('users').where('id', '=', creator).execute();
    expect(await drift([kept, removed])).toEqual([]);
    const row = await db
      .selectFrom('listed_characters')
      .select('creator_user_id')
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(row.creator_user_id).toBeNull();
  });

  it('leaves the row untouched by an update of columns it does not hold', async () => {
    const id = await createCharacter(db, { tags: [`LcSame-${unique()}`] });
    const version = async () =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text from listed_characters where id = ${id}`.execute(db)
      ).rows[0]?.xmin;
    const before = await version();
    await patch(id, { scenario: 'A new scenario', greeting: 'Hi', updated_at: new Date() });
    await patch(id, { name: sql<string>`name` });
    expect(await version()).toBe(before);
    await patch(id, { num_messages: sql<string>`num_messages + 1` });
    expect(await version()).not.toBe(before);
  });

  it('is what the search statistics count: each word and tag once per listed character', async () => {
    const [word, tag] = [`lcstat${unique()}`.replace(/[0-9]/g, 'x'), `LcStat-${unique()}`];
    const made = await Promise.all(
      Array.from({ length: 26 }, () =>
        createCharacter(db, { name: `Stat ${word}`, persona: `${word} ${word}`, tags: [tag] }),
      ),
    );
    await Promise.all(made.slice(0, 3).map((id) => patch(id, { visibility: 'private' })));
    await library.refreshSearchStats(db);
    const term = await db
      .selectFrom('search_term_stats')
      .select('ndoc')
      .where('term', '=', word)
      .executeTakeFirst();
    const counted = await db
      .selectFrom('tags')
      .select('num_listed')
      .where('name', '=', tag)
      .executeTakeFirstOrThrow();
    expect({ ndoc: term?.ndoc, tag: counted.num_listed }).toEqual({ ndoc: 23, tag: 23 });
  });

  it('refreshes the statistics whole when many refreshes run at once', async () => {
    const tag = `LcMany-${unique()}`;
    // Words are counted once 20 listed characters carry them, so these give the refresh terms to write.
    const word = `lcmany${unique()}`.replace(/[0-9]/g, 'x');
    await Promise.all(
      Array.from({ length: 22 }, () => createCharacter(db, { name: `Many ${word}`, tags: [tag] })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => library.refreshSearchStats(db)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const counted = await db
      .selectFrom('tags')
      .select('num_listed')
      .where('name', '=', tag)
      .executeTakeFirstOrThrow();
    expect(counted.num_listed).toBe(22);
  });

  it('counts a tag’s groups apart, so popular tags can leave them out', async () => {
    const [mixed, groupsOnly] = [`LcMixed-${unique()}`, `LcGroups-${unique()}`];
    await Promise.all(Array.from({ length: 3 }, () => createCharacter(db, { tags: [mixed] })));
    const groups = await Promise.all(
      Array.from({ length: 2 }, () => createCharacter(db, { tags: [mixed, groupsOnly] })),
    );
    await Promise.all(groups.map((id) => patch(id, { type: 'meta' })));
    expect(await drift(groups)).toEqual([]);
    await library.refreshSearchStats(db);
    // Every tag, so the test's own tags are not crowded out by others'.
    const countsOf = async (includeGroups: boolean) => {
      const all = await library.popularTags(db, 1_000_000, includeGroups);
      return [mixed, groupsOnly].map((name) => all.find((t) => t.name === name)?.count ?? 0);
    };
    expect(await countsOf(true)).toEqual([5, 2]);
    expect(await countsOf(false)).toEqual([3, 0]);
  });

  it('stays in step under many concurrent writes to the same characters', async () => {
    const tag = `LcRace-${unique()}`;
    const creator = await member();
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createCharacter(db, { name: `Racer ${String(i)}`, tags: [tag], creatorUserId: creator }),
      ),
    );
    const other = await db
      .insertInto('tags')
      .values({ name: `LcRaceB-${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherTagId = other.id;
    const statuses: (ModerationStatusColumn | null)[] = [null, 'pending', 'closed'];
    let increments = 0;
    const operation = async (n: number) => {
      const id = ids[n % ids.length] ?? '';
      switch (n % 7) {
        case 0:
        case 1:
          increments += 1;
          await patch(id, { num_messages: sql<string>`num_messages + 1` });
          return;
        case 2:
          await patch(id, { visibility: n % 2 === 0 ? 'hidden' : 'public' });
          return;
        case 3:
          await patch(id, { moderation_status: statuses[n % statuses.length] ?? null });
          return;
        case 4:
          await patch(id, { name: `Racer ${String(n)}`, persona: `word${String(n)} runs fast` });
          return;
        case 5:
          // One statement each (replaceTags has its own test above).
          if (n % 2 === 0) {
            await db
              .deleteFrom('character_tags')
              .where('character_id', '=', id)
              .where('tag_id', '=', otherTagId)
              .execute();
          } else {
            await db
              .insertInto('character_tags')
              .values({ character_id: id, tag_id: otherTagId })
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          return;
        default:
          await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('characters')
              .set({ rating_score: (n % 10) / 10, num_ratings: sql<number>`num_ratings + 1` })
              .where('id', '=', id)
              .execute();
            await trx
              .updateTable('characters')
              .set({ num_messages_24h: sql<number>`num_messages_24h + 1` })
              .where('id', '=', id)
              .execute();
          });
      }
    };
    await Promise.all(Array.from({ length: 300 }, (_, n) => operation(n)));
    // A last wave lists them all, so every row must exist with the final values.
    await Promise.all(
      ids.map((id) => patch(id, { visibility: 'public', moderation_status: null })),
    );

    expect(await drift(ids)).toEqual([]);
    const total = await db
      .selectFrom('listed_characters')
      .select((eb) => eb.fn.sum<string>('num_messages').as('n'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(increments);
  });

  it('copies concurrent inserts and deletes exactly', async () => {
    const tag = `LcChurn-${unique()}`;
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createCharacter(db, { name: `Churn ${String(i)}`, tags: [tag] }),
      ),
    );
    await Promise.all(
      made
        .filter((_, i) => i % 3 === 0)
        .map((id) => db.deleteFrom('characters').where('id', '=', id).execute()),
    );
    expect(await drift(made)).toEqual([]);
    const rows = await db
      .selectFrom('listed_characters')
      .select('id')
      .where('id', 'in', made)
      .execute();
    expect(rows).toHaveLength(made.length - Math.ceil(made.length / 3));
  });
});

/**
 * The reference: the library's filters and sorts as plain SQL over characters, the way search read
 * them before listed_characters existed.
 */
const referenceOrder: Record<LibrarySort, string> = {
  trending: 'c.num_messages_24h desc, c.num_messages desc, c.id',
  top_rated: 'c.rating_score desc, c.num_ratings desc, c.id',
  popular: 'c.num_messages desc, c.id',
  latest: 'c.created_at desc, c.id',
  name: 'lower(c.name) collate "C", c.id',
};

function referenceWhere(f: library.LibraryFilter) {
  const parts = [
    sql`c.visibility = 'public' and (c.moderation_status is null or c.moderation_status = 'closed')`,
  ];
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
  if (f.excludeCreatorIds.length > 0) {
    parts.push(
      sql`(c.creator_user_id is null or c.creator_user_id <> all(${f.excludeCreatorIds}::uuid[]))`,
    );
  }
  return sql.join(parts, sql` and `);
}

async function referencePage(
  f: library.LibraryFilter,
  sort: LibrarySort,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const page = await sql<{ id: string }>`
    select c.id from characters c where ${referenceWhere(f)}
    order by ${sql.raw(referenceOrder[sort])} limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{ n: string }>`
    select count(*) as n from characters c where ${referenceWhere(f)}`.execute(db);
  return { ids: page.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
}

async function referencePrefix(
  prefix: string,
  f: library.LibraryFilter,
  sort: LibrarySort,
  limit: number,
): Promise<string[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const result = await sql<{ id: string }>`
    select c.id from (
      select c.* from characters c
      where (lower(c.name) collate "C") like ${pattern}
        and ${referenceWhere({ ...f, text: null })}
      order by lower(c.name) collate "C", c.id limit 200
    ) c order by ${sql.raw(referenceOrder[sort])} limit ${limit}`.execute(db);
  return result.rows.map((r) => r.id);
}

describe('library search over listed_characters', () => {
  const run = unique().replace(/[0-9]/g, 'q');
  const words = Array.from({ length: 8 }, (_, i) => `${run}${'abcdefgh'.charAt(i)}`);
  let creators: string[] = [];
  const tagNames = [`LcSearchA-${run}`, `LcSearchB-${run}`, `LcSearchC-${run}`];
  let tagIds: number[] = [];

  beforeAll(async () => {
    creators = await Promise.all([member(), member(), member()]);
    // Deterministic variety: words by a skewed draw, ties in every sort key, every listing state.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () => words[Math.floor(Math.pow(next(), 2) * words.length)] ?? '';
    const names = ['Aria', 'aria', 'ARIA Bell', 'Bram', 'brook', 'Zed', 'Ästrid', '_under'];
    const rows = Array.from({ length: 180 }, (_, i) => ({
      name: `${names[i % names.length] ?? ''} ${word()}`,
      title: `${word()} ${word()}`,
      persona: Array.from({ length: 6 }, word).join(' '),
      creator_user_id: creators[i % creators.length] ?? null,
      language: ['en', 'es', 'de'][i % 3] ?? 'en',
      token_count: [100, 900, 1_500, 3_000][Math.floor(next() * 4)] ?? 0,
      is_nsfw: i % 5 === 0,
      num_messages: Math.floor(next() * 6),
      num_messages_24h: Math.floor(next() * 3),
      rating_score: Math.floor(next() * 3) / 2,
      num_ratings: Math.floor(next() * 3),
      created_at: new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 4))),
      visibility: i % 11 === 0 ? ('hidden' as const) : ('public' as const),
      moderation_status:
        i % 13 === 0 ? ('pending' as const) : i % 7 === 0 ? ('closed' as const) : null,
    }));
    const inserted = await db.insertInto('characters').values(rows).returning('id').execute();
    await seedRecentMessages(rows.map((row, i) => ({ ...row, id: inserted[i]?.id ?? '' })));
    await db
      .insertInto('tags')
      .values(tagNames.map((name) => ({ name })))
      .execute();
    const tags = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('name', 'in', tagNames)
      .execute();
    tagIds = tagNames.map((n) => tags.find((t) => t.name === n)?.id ?? 0);
    await db
      .insertInto('character_tags')
      .values(
        inserted.flatMap((r, i) =>
          tagIds
            .filter((_, t) => (i + t) % (t + 2) === 0)
            .map((tagId) => ({ character_id: r.id, tag_id: tagId })),
        ),
      )
      .execute();
  });

  /**
   * Backs each character's num_messages_24h with as many messages of the last day, so that the
   * trending recount a worker of another test file may run meanwhile leaves the counts as they are.
   */
  async function seedRecentMessages(
    seeded: { id: string; creator_user_id: string | null; num_messages_24h: number }[],
  ): Promise<void> {
    const now = new Date();
    const counted = seeded.filter((c) => c.num_messages_24h > 0);
    const conversations = await db
      .insertInto('conversations')
      .values(
        counted.map((c) => ({
          user_id: c.creator_user_id ?? '',
          character_id: c.id,
          label: null,
          last_message_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'character_id'])
      .execute();
    const countOf = new Map(counted.map((c) => [c.id, c.num_messages_24h]));
    await db
      .insertInto('messages')
      .values(
        conversations.flatMap((cv) =>
          Array.from({ length: countOf.get(cv.character_id) ?? 0 }, () => ({
            conversation_id: cv.id,
            prev_id: null,
            role: 'user' as const,
            content: 'hello',
            queue_wait_ms: null,
            first_token_ms: null,
            token_count: null,
            tokens_per_second: null,
            rating: null,
            created_at: now,
          })),
        ),
      )
      .execute();
  }

  const filterOf = (extra: Partial<library.LibraryFilter>): library.LibraryFilter => ({
    scope: { kind: 'listed' },
    creatorIds: creators,
    text: null,
    tagIds: [],
    languages: [],
    tokenRanges: [],
    includeNsfw: false,
    includeGroups: true,
    excludeCreatorIds: [],
    excludeIds: [],
    ...extra,
  });

  const queries = (): [string, Partial<library.LibraryFilter>][] => [
    ['everything', {}],
    ['with NSFW', { includeNsfw: true }],
    ['a frequent word', { text: words[0] ?? '' }],
    ['a rare word', { text: words[7] ?? '' }],
    ['two words', { text: `${words[0] ?? ''} ${words[2] ?? ''}` }],
    ['a tag', { tagIds: [tagIds[0] ?? 0] }],
    ['two tags', { tagIds: [tagIds[0] ?? 0, tagIds[1] ?? 0] }],
    ['a word and a tag', { text: words[1] ?? '', tagIds: [tagIds[2] ?? 0] }],
    ['languages', { languages: ['es', 'de'] }],
    [
      'sizes',
      {
        tokenRanges: [
          { min: 0, max: 1_000 },
          { min: 2_000, max: null },
        ],
      },
    ],
    ['a blocked creator', { excludeCreatorIds: [creators[1] ?? ''], text: words[0] ?? '' }],
    [
      'a tag with every other filter',
      {
        tagIds: [tagIds[0] ?? 0],
        languages: ['es', 'de'],
        tokenRanges: [{ min: 0, max: 1_000 }],
        includeNsfw: true,
        // None is a group: the reference leaves the flag out.
        includeGroups: false,
        excludeCreatorIds: [creators[1] ?? ''],
      },
    ],
    ['one creator', { creatorIds: [creators[2] ?? ''], includeNsfw: true }],
  ];

  /** The sort codes these characters carry, first in the sort's order first. */
  async function codesInOrder(sort: LibrarySort): Promise<number[]> {
    const { base, ascending } = library.sortCodes[sort];
    const result = await sql<{ code: number }>`
      select distinct code from listed_characters c,
        unnest(listed_sort_codes(c.num_messages_24h, c.num_messages, c.rating_score, c.created_at,
          c.name)) as code
      where c.creator_user_id = any(${creators}::uuid[])
        and code >= ${base} and code < ${base + 10_000_000}`.execute(db);
    const codes = result.rows.map((r) => r.code).sort((a, b) => a - b);
    return ascending ? codes : codes.reverse();
  }

  it('answers every query, sort, page and plan as the same query over characters does', async () => {
    // expected null walks the sort's index; a small expectation gathers every match; a bound reads
    // the page from the first buckets (all of them, the first third, none) and from all matches
    // when they held too few.
    const plans = [
      ['walk', null, 0, 'none'],
      ['gather', 1, 1, 'none'],
      ['bounded by every bucket', 1, 1, 'all'],
      ['bounded by the first third', 1, 1, 'third'],
      ['bounded by no bucket', 1, 1, 'empty'],
    ] as const;
    const codes = new Map(
      await Promise.all(
        librarySorts.map(async (sort) => [sort, await codesInOrder(sort)] as const),
      ),
    );
    const boundOf = (sort: LibrarySort, kind: 'none' | 'all' | 'third' | 'empty') => {
      const all = codes.get(sort) ?? [];
      if (kind === 'none') return null;
      if (kind === 'all') return all;
      return kind === 'third' ? all.slice(0, Math.ceil(all.length / 3)) : [];
    };
    const cases = queries().flatMap(([name, extra]) =>
      librarySorts.flatMap((sort) =>
        [0, 24].flatMap((offset) => plans.map((plan) => ({ name, extra, sort, offset, plan }))),
      ),
    );
    const outcomes = await Promise.all(
      cases.map(async ({ name, extra, sort, offset, plan: [plan, expectation, numListed, b] }) => {
        const filter = filterOf(extra);
        const [expected, got] = await Promise.all([
          referencePage(filter, sort, offset, 24),
          library.list(db, {
            filter,
            sort,
            offset,
            limit: 24,
            countCap: 1_000,
            expected: expectation,
            numListed,
            leading: [],
            bound: boundOf(sort, b),
          }),
        ]);
        return {
          label: `${name}, ${sort}, offset ${String(offset)}, ${plan}`,
          expected: { ids: expected.ids, total: expected.total },
          got: { ids: got.items.map((c) => c.id), total: got.total },
        };
      }),
    );
    for (const o of outcomes) expect(o.got, o.label).toEqual(o.expected);
    expect(outcomes).toHaveLength(queries().length * librarySorts.length * 10);
    expect([...codes.values()].every((c) => c.length >= 3)).toBe(true);
  }, 180_000);

  it('answers name prefixes as the same query over characters does', async () => {
    for (const prefix of ['aria', 'ARIA b', 'b', 'ä', '_', 'zz']) {
      for (const sort of librarySorts) {
        const filter = filterOf({ includeNsfw: prefix === 'b' });
        expect(
          await library.namePrefixIds(db, prefix, filter, sort, 24),
          `${prefix}, ${sort}`,
        ).toEqual(await referencePrefix(prefix, filter, sort, 24));
      }
    }
  });
});
