/**
 * A revision number per character for moderation (issue 10): every save that sends a chatbot to review
 * bumps it, and a review job writes its outcome only while the revision it read is still current, so a
 * slow review of an older save never overwrites a newer one.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('characters')
    .addColumn('moderation_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('characters_moderation_queue_idx')
    .on('characters')
    .columns(['moderation_status', 'updated_at'])
    .where(sql<boolean>`moderation_status in ('manual_review_required', 'fix_required')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('characters_moderation_queue_idx').execute();
  await db.schema.alterTable('characters').dropColumn('moderation_revision').execute();
}
