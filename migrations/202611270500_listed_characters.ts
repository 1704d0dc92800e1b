/**
 * The narrow search table (issue 10 part 2, docs/performance.md G6): one row per listed character
 * (public, moderation none or closed) holding only what search and listing read — the sort keys, the
 * filter columns, the tag ids, the name and the search vector without positions. A mid-frequency word
 * gathers thousands of matches and sorts them: on the characters table each was a random read of a
 * 1.1 GB heap (about 7 rows a page); here the rows are a few hundred bytes. Triggers on characters keep
 * it exactly in step: an insert adds the listed rows (one statement per insert statement), an update of
 * any column it copies or of the listing state writes or removes the row, a delete cascades. The
 * partial indexes on characters that served search move here and are dropped there.
 */
import { type Kysely, sql } from 'kysely';

/** Listed: public and not held by moderation; `row` qualifies the columns ('' for none). */
const listed = (row: string) => {
  const r = row === '' ? '' : `${row}.`;
  return sql.raw(
    `${r}visibility = 'public' and (${r}moderation_status is null or ${r}moderation_status = 'closed')`,
  );
};

/** The copied columns, in table order, and each one's value from a characters row `r`. */
const copied = (r: string) =>
  sql.raw(
    [
      `${r}.id`,
      `${r}.created_at`,
      `${r}.num_messages`,
      `${r}.rating_score`,
      `${r}.num_ratings`,
      `${r}.num_messages_24h`,
      `${r}.token_count`,
      `${r}.is_nsfw`,
      `${r}.creator_user_id`,
      `${r}.language`,
      `${r}.name`,
      `${r}.tag_ids`,
      `strip(${r}.search_vector)`,
    ].join(', '),
  );
const columnList = sql.raw(
  'id, created_at, num_messages, rating_score, num_ratings, num_messages_24h, token_count, is_nsfw, creator_user_id, language, name, tag_ids, search_vector',
);

const sortIndexes: [string, string][] = [
  ['listed_characters_popular_idx', '(num_messages desc, id)'],
  ['listed_characters_trending_idx', '(num_messages_24h desc, num_messages desc, id)'],
  ['listed_characters_top_rated_idx', '(rating_score desc, num_ratings desc, id)'],
  ['listed_characters_latest_idx', '(created_at desc, id)'],
  ['listed_characters_name_idx', '((lower(name) collate "C"), id)'],
];

/** The partial indexes on characters that search used until now (for down). */
const oldIndexes: [string, string][] = [
  ['characters_listed_match_idx', 'using gin (search_vector, tag_ids)'],
  ['characters_listed_popular_idx', '(num_messages desc, id)'],
  ['characters_listed_trending_idx', '(num_messages_24h desc, num_messages desc, id)'],
  ['characters_listed_top_rated_idx', '(rating_score desc, num_ratings desc, id)'],
  ['characters_listed_latest_idx', '(created_at desc, id)'],
  ['characters_listed_name_idx', '((lower(name) collate "C"), id)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // Fixed-width columns first, widest alignment first, so the row carries no padding.
  await sql`
    create table listed_characters (
      id uuid primary key references characters (id) on delete cascade,
      created_at timestamptz not null,
      num_messages bigint not null,
      rating_score real not null,
      num_ratings integer not null,
      num_messages_24h integer not null,
      token_count integer not null,
      is_nsfw boolean not null,
      creator_user_id uuid,
      language text not null,
      name text not null,
      tag_ids integer[] not null,
      search_vector tsvector not null
    )`.execute(db);

  await sql`
    create function listed_characters_insert() returns trigger language plpgsql as $$
    begin
      insert into listed_characters (${columnList})
      select ${copied('n')} from inserted n where ${listed('n')};
      return null;
    end $$`.execute(db);
  await sql`
    create trigger listed_characters_insert after insert on characters
    referencing new table as inserted for each statement
    execute function listed_characters_insert()`.execute(db);

  // The characters row stays locked by the updating transaction until it ends, so writes to one
  // character's copy happen in the order of its updates; the copy takes NEW, never a re-read.
  await sql`
    create function listed_characters_update() returns trigger language plpgsql as $$
    begin
      if ${listed('new')} then
        insert into listed_characters (${columnList}) values (${copied('new')})
        on conflict (id) do update set
          created_at = excluded.created_at, num_messages = excluded.num_messages,
          rating_score = excluded.rating_score, num_ratings = excluded.num_ratings,
          num_messages_24h = excluded.num_messages_24h, token_count = excluded.token_count,
          is_nsfw = excluded.is_nsfw, creator_user_id = excluded.creator_user_id,
          language = excluded.language, name = excluded.name, tag_ids = excluded.tag_ids,
          search_vector = excluded.search_vector;
      else
        delete from listed_characters where id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger listed_characters_update after update on characters for each row
    when ((old.visibility, old.moderation_status, old.created_at, old.num_messages,
        old.rating_score, old.num_ratings, old.num_messages_24h, old.token_count, old.is_nsfw,
        old.creator_user_id, old.language, old.name, old.tag_ids, old.search_vector)
      is distinct from (new.visibility, new.moderation_status, new.created_at, new.num_messages,
        new.rating_score, new.num_ratings, new.num_messages_24h, new.token_count, new.is_nsfw,
        new.creator_user_id, new.language, new.name, new.tag_ids, new.search_vector))
    execute function listed_characters_update()`.execute(db);

  await sql`
    insert into listed_characters (${columnList})
    select ${copied('c')} from characters c where ${listed('c')}`.execute(db);
  await sql`create index listed_characters_match_idx on listed_characters
    using gin (search_vector, tag_ids)`.execute(db);
  for (const [name, definition] of sortIndexes) {
    await sql`create index ${sql.id(name)} on listed_characters ${sql.raw(definition)}`.execute(db);
  }
  for (const [name] of oldIndexes) {
    await sql`drop index ${sql.id(name)}`.execute(db);
  }
  await sql`analyze listed_characters`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, definition] of oldIndexes) {
    await sql`create index ${sql.id(name)} on characters ${sql.raw(definition)}
      where ${listed('')}`.execute(db);
  }
  await sql`drop trigger listed_characters_update on characters`.execute(db);
  await sql`drop trigger listed_characters_insert on characters`.execute(db);
  await sql`drop function listed_characters_update()`.execute(db);
  await sql`drop function listed_characters_insert()`.execute(db);
  await sql`drop table listed_characters`.execute(db);
}
