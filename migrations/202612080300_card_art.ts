/**
 * Card art and card books (issue 27 parts 3 and 6): the original image a character card came with,
 * kept beside the square avatar derived from it (export writes the original back), and lorebooks made
 * from a card's embedded book, which only their creator may read, like the card's definition.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('characters')
    .addColumn('card_art_url', 'text', (c) => c.check(sql`card_art_url like '/uploads/card-art/%'`))
    .execute();
  await db.schema
    .alterTable('lorebooks')
    .addColumn('owner_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lorebooks').dropColumn('owner_only').execute();
  await db.schema.alterTable('characters').dropColumn('card_art_url').execute();
}
