/**
 * Tells every process which characters changed (issue 9: the chat path reads no character it already
 * knows). Server and workers cache characters and the lorebooks they carry (server/db/character-cache.ts)
 * and listen on the `character_changed` channel (server/db/character-changes.ts): a change to what a
 * character is (its definition, visibility, moderation, tags), to the lorebooks attached to it or to
 * their entries notifies the character's id at commit, whichever code path or hand-written statement
 * made it. Counters a sent message or a rating moves (messages, ratings, updated_at) notify nothing, so
 * a busy character stays cached. PostgreSQL sends one notification per id per transaction.
 */
import { type Kysely, sql } from 'kysely';

/** Columns whose change leaves the cached character as good as it was. */
const counters = sql.lit(
  '{num_messages,num_messages_24h,rating_score,num_ratings,updated_at,search_vector}',
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_character_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('character_changed', old.id::text);
      elsif (to_jsonb(old) - ${counters}::text[]) is distinct from (to_jsonb(new) - ${counters}::text[]) then
        perform pg_notify('character_changed', new.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger characters_changed after update or delete on characters
    for each row execute function notify_character_changed()`.execute(db);

  await sql`
    create function notify_character_lorebooks_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform pg_notify('character_changed', old.character_id::text); end if;
      if tg_op <> 'DELETE' then perform pg_notify('character_changed', new.character_id::text); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger character_lorebooks_changed after insert or update or delete on character_lorebooks
    for each row execute function notify_character_lorebooks_changed()`.execute(db);

  // A book's or an entry's change reaches every character carrying the book.
  await sql`
    create function notify_lorebook_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('character_changed', cl.character_id::text)
        from character_lorebooks cl where cl.lorebook_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lorebooks_changed after update on lorebooks
    for each row execute function notify_lorebook_changed()`.execute(db);
  await sql`
    create function notify_lorebook_entry_changed() returns trigger language plpgsql as $$
    declare
      book uuid;
    begin
      if tg_op = 'DELETE' then book := old.lorebook_id; else book := new.lorebook_id; end if;
      perform pg_notify('character_changed', cl.character_id::text)
        from character_lorebooks cl where cl.lorebook_id = book;
      if tg_op = 'UPDATE' and old.lorebook_id <> new.lorebook_id then
        perform pg_notify('character_changed', cl.character_id::text)
          from character_lorebooks cl where cl.lorebook_id = old.lorebook_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger lorebook_entries_changed after insert or update or delete on lorebook_entries
    for each row execute function notify_lorebook_entry_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger lorebook_entries_changed on lorebook_entries`.execute(db);
  await sql`drop function notify_lorebook_entry_changed()`.execute(db);
  await sql`drop trigger lorebooks_changed on lorebooks`.execute(db);
  await sql`drop function notify_lorebook_changed()`.execute(db);
  await sql`drop trigger character_lorebooks_changed on character_lorebooks`.execute(db);
  await sql`drop function notify_character_lorebooks_changed()`.execute(db);
  await sql`drop trigger characters_changed on characters`.execute(db);
  await sql`drop function notify_character_changed()`.execute(db);
}
