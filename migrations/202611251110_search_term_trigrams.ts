/**
 * The name trigram index is dropped: trigram similarity over a million names took over 130 ms at the
 * 95th percentile. Typos are corrected per word instead, against the counted words of
 * search_term_stats (library.repo.ts, correctedText), which its primary key serves.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('characters_listed_name_trgm_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index characters_listed_name_trgm_idx on characters using gin (lower(name) gin_trgm_ops)
    where visibility = 'public' and (moderation_status is null or moderation_status = 'closed')`.execute(
    db,
  );
}
