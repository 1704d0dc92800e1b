/**
 * Card data kept beside a character imported from a Character Card (issue 10): the fields we have no
 * column for (creator notes, alternate greetings, lorebook, extensions, unknown keys), so exporting the
 * character writes them back. Null for characters that never came from a card.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('characters').addColumn('card_extras', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('characters').dropColumn('card_extras').execute();
}
