/**
 * The maintenance sweep that requeues reviews whose enqueue failed (workers/maintenance) looks for
 * chatbots in review by their save time: a small partial index keeps that a few rows' read at 1M.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('characters_in_review_idx')
    .on('characters')
    .column('updated_at')
    .where(
      sql<boolean>`moderation_status in ('pending', 'rereview_required', 'manual_review_required')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('characters_in_review_idx').execute();
}
