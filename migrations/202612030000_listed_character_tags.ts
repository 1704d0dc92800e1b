/**
 * The tag count table (issue 10 part 2, docs/performance.md G6): one row per tag of each listed
 * character, holding what the library's filters read besides words (the character's id, size, NSFW
 * and group flags, creator, language and all its tags), with an index on the tag that carries every one
 * of those columns. A search by tags alone counts its matches (up to the count cap) there by an
 * index-only scan over the tag's entries, which lie together in a few dozen index pages; counted in
 * listed_characters, each of a mid-frequency tag's 1,000 to 2,000 matches sat on a heap page of its
 * own (about 1,100 pages of a 441 MB table that mostly misses shared buffers, 50 ms at 1M characters).
 *
 * Triggers on listed_characters keep it in step, so every write that reaches that copy (its own
 * triggers on characters) reaches this one: an insert adds the rows of its tags (one statement per
 * insert statement), an update of a copied column replaces them, a delete cascades. The id is named as
 * in listed_characters, so the library's filter conditions read both tables.
 *
 * On an existing database the migration copies every listed character's tags (about 2.7M rows at 1M
 * characters, 30 s on 2 cores under load; the table and its two indexes take about 0.7 GB). An
 * index-only scan reads the heap for entries on pages not yet marked all-visible by a vacuum, so
 * autovacuum visits the table after 1% of its rows were written instead of the default 20% (npm run
 * seed:large vacuums it at once).
 */
import { type Kysely, sql } from 'kysely';

/** The copied columns, in table order, and each one's value from a listed_characters row `r`. */
const columnList = sql.raw(
  'tag_id, id, token_count, is_nsfw, is_group, creator_user_id, language, tag_ids',
);
const copied = (r: string) =>
  sql.raw(
    `t.tag_id, ${r}.id, ${r}.token_count, ${r}.is_nsfw, ${r}.is_group, ${r}.creator_user_id, ${r}.language, ${r}.tag_ids`,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table listed_character_tags (
      tag_id integer not null,
      id uuid not null,
      token_count integer not null,
      is_nsfw boolean not null,
      is_group boolean not null,
      creator_user_id uuid,
      language text not null,
      tag_ids integer[] not null,
      primary key (id, tag_id)
    ) with (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(
    db,
  );

  // A tag listed twice in tag_ids is one row (on conflict), as it is one match.
  await sql`
    create function listed_character_tags_insert() returns trigger language plpgsql as $$
    begin
      insert into listed_character_tags (${columnList})
      select ${copied('n')} from inserted n, unnest(n.tag_ids) as t(tag_id)
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger listed_character_tags_insert after insert on listed_characters
    referencing new table as inserted for each statement
    execute function listed_character_tags_insert()`.execute(db);

  // The listed_characters row stays locked by the updating transaction until it ends, so one
  // character's replacements happen in the order of its updates.
  await sql`
    create function listed_character_tags_update() returns trigger language plpgsql as $$
    begin
      delete from listed_character_tags where id = old.id;
      insert into listed_character_tags (${columnList})
      select ${copied('new')} from unnest(new.tag_ids) as t(tag_id)
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger listed_character_tags_update after update on listed_characters for each row
    when ((old.id, old.token_count, old.is_nsfw, old.is_group, old.creator_user_id, old.language,
        old.tag_ids)
      is distinct from (new.id, new.token_count, new.is_nsfw, new.is_group, new.creator_user_id,
        new.language, new.tag_ids))
    execute function listed_character_tags_update()`.execute(db);

  await sql`
    insert into listed_character_tags (${columnList})
    select ${copied('c')} from listed_characters c, unnest(c.tag_ids) as t(tag_id)
    on conflict do nothing`.execute(db);
  // Added after the copy: one check of every row instead of one per inserted row.
  await sql`
    alter table listed_character_tags add constraint listed_character_tags_id_fkey
    foreign key (id) references listed_characters (id) on delete cascade`.execute(db);
  await sql`
    create index listed_character_tags_count_idx on listed_character_tags (tag_id)
    include (id, token_count, is_nsfw, is_group, creator_user_id, language, tag_ids)`.execute(db);
  await sql`analyze listed_character_tags`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger listed_character_tags_update on listed_characters`.execute(db);
  await sql`drop trigger listed_character_tags_insert on listed_characters`.execute(db);
  await sql`drop function listed_character_tags_update()`.execute(db);
  await sql`drop function listed_character_tags_insert()`.execute(db);
  await sql`drop table listed_character_tags`.execute(db);
}
