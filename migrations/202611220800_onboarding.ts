/** What onboarding records: agreements with their times, and the interests a member picked. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('adult_confirmed_at', 'timestamptz')
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('guidelines_accepted_at', 'timestamptz')
    .addColumn('interests', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('adult_confirmed_at')
    .dropColumn('terms_accepted_at')
    .dropColumn('guidelines_accepted_at')
    .dropColumn('interests')
    .execute();
}
