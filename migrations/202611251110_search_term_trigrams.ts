/**
 * Typo tolerance at the word level (issue 10 part 2): a search that matches nothing is retried with
 * each word replaced by the most similar listed word (trigram similarity over search_term_stats, a
 * few tens of thousands of rows), which is fast at 1M characters where trigram similarity over every
 * name was not (p95 over 130 ms). The name trigram index it replaces is dropped.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index search_term_stats_trgm_idx on search_term_stats using gin (term gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.dropIndex('characters_listed_name_trgm_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index characters_listed_name_trgm_idx on characters using gin (lower(name) gin_trgm_ops)
    where visibility = 'public' and (moderation_status is null or moderation_status = 'closed')`.execute(
    db,
  );
  await db.schema.dropIndex('search_term_stats_trgm_idx').execute();
}
