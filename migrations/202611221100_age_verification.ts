/** When and how a member proved their age, for the regions whose law requires it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('age_verified_at', 'timestamptz')
    .addColumn('age_verification_method', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('age_verified_at')
    .dropColumn('age_verification_method')
    .execute();
}
