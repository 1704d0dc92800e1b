/**
 * When each cached speech clip was last played, so the maintenance sweep can delete clips nobody has
 * played for SPEECH_CLIP_TTL_DAYS (issue 26 item 1). Existing clips count as played when this runs.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('speech_clips')
    .addColumn('played_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('speech_clips_played_at_idx')
    .on('speech_clips')
    .column('played_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('speech_clips_played_at_idx').execute();
  await db.schema.alterTable('speech_clips').dropColumn('played_at').execute();
}
