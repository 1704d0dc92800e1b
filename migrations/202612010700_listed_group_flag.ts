/**
 * Whether a listed character is a group chat, in the library's copy (migrations/202611270500), so the
 * library leaves groups out for callers whose application has the groupchat flag off, as every group
 * route already does (issue 12). The copy's triggers are replaced with ones that also copy it.
 */
import { type Kysely, sql } from 'kysely';

/** Listed: public and not held by moderation; `r` qualifies the columns. */
const listed = (r: string) =>
  sql.raw(
    `${r}.visibility = 'public' and (${r}.moderation_status is null or ${r}.moderation_status = 'closed')`,
  );

const copied = (r: string, withGroup: boolean) =>
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
      ...(withGroup ? [`${r}.type = 'meta'`] : []),
    ].join(', '),
  );
const columnList = (withGroup: boolean) =>
  sql.raw(
    `id, created_at, num_messages, rating_score, num_ratings, num_messages_24h, token_count, is_nsfw, creator_user_id, language, name, tag_ids, search_vector${withGroup ? ', is_group' : ''}`,
  );

async function createTriggers(db: Kysely<any>, withGroup: boolean): Promise<void> {
  await sql`
    create or replace function listed_characters_insert() returns trigger language plpgsql as $$
    begin
      insert into listed_characters (${columnList(withGroup)})
      select ${copied('n', withGroup)} from inserted n where ${listed('n')};
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function listed_characters_update() returns trigger language plpgsql as $$
    begin
      if ${listed('new')} then
        insert into listed_characters (${columnList(withGroup)}) values (${copied('new', withGroup)})
        on conflict (id) do update set
          created_at = excluded.created_at, num_messages = excluded.num_messages,
          rating_score = excluded.rating_score, num_ratings = excluded.num_ratings,
          num_messages_24h = excluded.num_messages_24h, token_count = excluded.token_count,
          is_nsfw = excluded.is_nsfw, creator_user_id = excluded.creator_user_id,
          language = excluded.language, name = excluded.name, tag_ids = excluded.tag_ids,
          search_vector = excluded.search_vector${withGroup ? sql.raw(', is_group = excluded.is_group') : sql``};
      else
        delete from listed_characters where id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  const type = (r: string) => sql.raw(withGroup ? `, ${r}.type` : '');
  await sql`drop trigger listed_characters_update on characters`.execute(db);
  await sql`
    create trigger listed_characters_update after update on characters for each row
    when ((old.visibility, old.moderation_status, old.created_at, old.num_messages,
        old.rating_score, old.num_ratings, old.num_messages_24h, old.token_count, old.is_nsfw,
        old.creator_user_id, old.language, old.name, old.tag_ids, old.search_vector${type('old')})
      is distinct from (new.visibility, new.moderation_status, new.created_at, new.num_messages,
        new.rating_score, new.num_ratings, new.num_messages_24h, new.token_count, new.is_nsfw,
        new.creator_user_id, new.language, new.name, new.tag_ids, new.search_vector${type('new')}))
    execute function listed_characters_update()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table listed_characters add column is_group boolean not null default false`.execute(
    db,
  );
  await createTriggers(db, true);
  await sql`update listed_characters l set is_group = true
    from characters c where c.id = l.id and c.type = 'meta'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await createTriggers(db, false);
  await sql`alter table listed_characters drop column is_group`.execute(db);
}
