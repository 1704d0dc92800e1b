/** Favorites and dislikes ("less like this") of members: one row per member and chatbot. */
import type { Db } from '../database';

/**
 * Adds a favorite unless the member already holds `limit` of them: answers 'added', 'kept' (it was
 * one already) or 'full'. The member's row is locked first, so concurrent adds by one member are
 * counted one after another and never pass the limit together.
 */
export async function addWithin(
  db: Db,
  userId: string,
  characterId: string,
  limit: number,
): Promise<'added' | 'kept' | 'full'> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const existing = await trx
      .selectFrom('character_favorites')
      .select('character_id')
      .where('user_id', '=', userId)
      .where('character_id', '=', characterId)
      .executeTakeFirst();
    if (existing) return 'kept';
    const { n } = await trx
      .selectFrom('character_favorites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= limit) return 'full';
    await trx
      .insertInto('character_favorites')
      .values({ user_id: userId, character_id: characterId })
      .execute();
    return 'added';
  });
}

export async function remove(db: Db, userId: string, characterId: string): Promise<void> {
  await db
    .deleteFrom('character_favorites')
    .where('user_id', '=', userId)
    .where('character_id', '=', characterId)
    .execute();
}

export async function isFavorite(db: Db, userId: string, characterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('character_favorites')
    .select('character_id')
    .where('user_id', '=', userId)
    .where('character_id', '=', characterId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's favorite character ids, newest first. */
export async function listIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('character_favorites')
    .select('character_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('character_id')
    .execute();
  return rows.map((r) => r.character_id);
}

/** Records a dislike and drops the chatbot from the member's favorites, together. */
export async function dislike(db: Db, userId: string, characterId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('character_dislikes')
      .values({ user_id: userId, character_id: characterId })
      .onConflict((oc) => oc.columns(['user_id', 'character_id']).doNothing())
      .execute();
    await remove(trx, userId, characterId);
  });
}
