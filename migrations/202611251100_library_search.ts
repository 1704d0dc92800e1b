/**
 * Library search and listing (issue 10 parts 1, 2; docs/performance.md trap 6): a stored full-text
 * vector over name, title, tags and the opening of the persona; a trigger-kept copy of each character's
 * tags (ids for filters, names for the vector); a 24-hour message count for Trending; one partial index
 * per sort over the listed characters (public, moderation none or closed); trigram search on names; and
 * the term statistics the planner choice reads, refreshed by the maintenance queue.
 */
import { type Kysely, sql } from 'kysely';

const listed = sql`visibility = 'public' and (moderation_status is null or moderation_status = 'closed')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .alterTable('characters')
    .addColumn('num_messages_24h', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tag_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('tag_names', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update characters c set
      tag_ids = coalesce((select array_agg(ct.tag_id order by ct.tag_id)
        from character_tags ct where ct.character_id = c.id), '{}'),
      tag_names = coalesce((select string_agg(t.name, ' ' order by t.name)
        from character_tags ct join tags t on t.id = ct.tag_id where ct.character_id = c.id), '')
  `.execute(db);
  await sql`
    alter table characters add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, name), 'A') ||
      setweight(to_tsvector('simple'::regconfig, title), 'B') ||
      setweight(to_tsvector('simple'::regconfig, tag_names), 'B') ||
      setweight(to_tsvector('simple'::regconfig, left(persona, 300)), 'D')
    ) stored
  `.execute(db);

  // The copy of a character's tags follows character_tags, whoever writes it.
  await sql`
    create function character_tags_copy() returns trigger language plpgsql as $$
    declare target uuid;
    begin
      target := coalesce(new.character_id, old.character_id);
      update characters c set
        tag_ids = coalesce((select array_agg(ct.tag_id order by ct.tag_id)
          from character_tags ct where ct.character_id = target), '{}'),
        tag_names = coalesce((select string_agg(t.name, ' ' order by t.name)
          from character_tags ct join tags t on t.id = ct.tag_id where ct.character_id = target), '')
      where c.id = target;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger character_tags_copy after insert or delete or update on character_tags
    for each row execute function character_tags_copy()
  `.execute(db);

  await db.schema.dropIndex('characters_public_popular_idx').execute();
  const indexes: [string, string][] = [
    ['characters_listed_search_idx', 'using gin (search_vector)'],
    ['characters_listed_tags_idx', 'using gin (tag_ids)'],
    ['characters_listed_name_trgm_idx', 'using gin (lower(name) gin_trgm_ops)'],
    ['characters_listed_popular_idx', '(num_messages desc, id)'],
    ['characters_listed_trending_idx', '(num_messages_24h desc, num_messages desc, id)'],
    ['characters_listed_top_rated_idx', '(rating_score desc, num_ratings desc, id)'],
    ['characters_listed_latest_idx', '(created_at desc, id)'],
    ['characters_listed_name_idx', '((lower(name) collate "C"), id)'],
  ];
  for (const [name, definition] of indexes) {
    await sql`create index ${sql.id(name)} on characters ${sql.raw(definition)} where ${listed}`.execute(
      db,
    );
  }

  await db.schema
    .createTable('search_term_stats')
    .addColumn('term', sql`text collate "C"`, (c) => c.primaryKey())
    .addColumn('ndoc', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('tags')
    .addColumn('num_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('search_stats')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('num_listed', 'integer', (c) => c.notNull())
    .addColumn('refreshed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_stats').execute();
  await db.schema.alterTable('tags').dropColumn('num_listed').execute();
  await db.schema.dropTable('search_term_stats').execute();
  for (const name of [
    'characters_listed_search_idx',
    'characters_listed_tags_idx',
    'characters_listed_name_trgm_idx',
    'characters_listed_popular_idx',
    'characters_listed_trending_idx',
    'characters_listed_top_rated_idx',
    'characters_listed_latest_idx',
    'characters_listed_name_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await sql`drop trigger character_tags_copy on character_tags`.execute(db);
  await sql`drop function character_tags_copy()`.execute(db);
  await db.schema
    .alterTable('characters')
    .dropColumn('search_vector')
    .dropColumn('tag_names')
    .dropColumn('tag_ids')
    .dropColumn('num_messages_24h')
    .execute();
  await db.schema
    .createIndex('characters_public_popular_idx')
    .on('characters')
    .columns(['num_messages desc', 'id'])
    .where(sql.ref('visibility'), '=', 'public')
    .execute();
}
