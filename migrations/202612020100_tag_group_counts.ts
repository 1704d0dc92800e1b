/**
 * How many of a tag's listed characters are group chats, beside num_listed and refreshed with it
 * (server/db/repositories/library.repo.ts, refreshSearchStats), so the filter panel's popular tags can
 * leave groups out for callers whose application has the groupchat flag off, as the library does.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tags')
    .addColumn('num_listed_groups', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    with counts as materialized (
      select tag_id, count(*) as n from listed_characters, unnest(tag_ids) as tag_id
      where is_group group by tag_id)
    update tags t set num_listed_groups = counts.n from counts where counts.tag_id = t.id`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').dropColumn('num_listed_groups').execute();
}
