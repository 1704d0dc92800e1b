/**
 * The card data kept beside a character imported from a Character Card (characters.card_extras), read
 * by export and written when an imported character is saved. Kept apart from characters.repo so the
 * listing and profile queries never carry it.
 */
import { sql } from 'kysely';
import { cardGreetingsOf, type CardGreetings } from '#shared/cards/card-greetings';
import { cardPromptOf, type CardPrompt } from '#shared/cards/card-prompt';
import { CardExtrasSchema, type CardExtras } from '#shared/cards/card-schemas';
import type { Db } from '../database';

/** The kept card data, or null when the character never came from a card (or what is stored no longer parses). */
export async function findCardExtras(db: Db, characterId: string): Promise<CardExtras | null> {
  const row = await db
    .selectFrom('characters')
    .select('card_extras')
    .where('id', '=', characterId)
    .executeTakeFirst();
  if (row?.card_extras === null || row?.card_extras === undefined) return null;
  const parsed = CardExtrasSchema.safeParse(row.card_extras);
  return parsed.success ? parsed.data : null;
}

/** Stores (or with null, clears) the card data kept beside a character. */
export async function setCardExtras(
  db: Db,
  characterId: string,
  extras: CardExtras | null,
): Promise<void> {
  await db
    .updateTable('characters')
    .set({ card_extras: extras === null ? null : JSON.stringify(extras) })
    .where('id', '=', characterId)
    .execute();
}

/** Stores where the original image of the character's card is kept. */
export async function setCardArt(db: Db, characterId: string, url: string | null): Promise<void> {
  await db
    .updateTable('characters')
    .set({ card_art_url: url })
    .where('id', '=', characterId)
    .execute();
}

/** Where the original image of the character's card is kept, or null. */
export async function findCardArt(db: Db, characterId: string): Promise<string | null> {
  const row = await db
    .selectFrom('characters')
    .select('card_art_url')
    .where('id', '=', characterId)
    .executeTakeFirst();
  return row?.card_art_url ?? null;
}

/** What a card brings to a chat: its prompts and its other greetings. */
export interface CardChat {
  prompt: CardPrompt;
  greetings: CardGreetings;
}

/**
 * What the character's card brings to a chat (nothing when it never came from a card), reading only
 * those keys of the kept data, never the whole of it.
 */
export async function findCardChat(db: Db, characterId: string): Promise<CardChat> {
  const row = await db
    .selectFrom('characters')
    .select([
      sql`card_extras #> '{data,system_prompt}'`.as('system_prompt'),
      sql`card_extras #> '{data,post_history_instructions}'`.as('post_history_instructions'),
      sql`card_extras #> '{data,extensions,depth_prompt}'`.as('depth_prompt'),
      sql`card_extras #> '{data,alternate_greetings}'`.as('alternate_greetings'),
      sql`card_extras #> '{data,group_only_greetings}'`.as('group_only_greetings'),
    ])
    .where('id', '=', characterId)
    .executeTakeFirst();
  const data = row && {
    ...row,
    extensions: { depth_prompt: row.depth_prompt },
  };
  return { prompt: cardPromptOf(data ?? null), greetings: cardGreetingsOf(data ?? null) };
}
