/**
 * Bot ratings (like 3, dislike 1, love 5) and the score they keep on the character. The character row
 * is locked before the rating is written, so the recount that follows sees every rating committed
 * before it: concurrent ratings never leave rating_score or num_ratings stale.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import { lockCharacter } from './characters.repo';

export async function rate(
  db: Db,
  userId: string,
  characterId: string,
  value: 1 | 3 | 5,
): Promise<{ ratingScore: number; numRatings: number }> {
  return db.transaction().execute(async (trx) => {
    await lockCharacter(trx, characterId);
    await trx
      .insertInto('character_ratings')
      .values({ user_id: userId, character_id: characterId, value })
      .onConflict((oc) =>
        oc.columns(['user_id', 'character_id']).doUpdateSet({ value, updated_at: sql`now()` }),
      )
      .execute();
    // The score is the share of like (3) and love (5) ratings: shared/rules/social.ts ratingScore.
    const row = await trx
      .updateTable('characters')
      .set({
        num_ratings: sql<number>`(select count(*)::int from character_ratings where character_id = ${characterId})`,
        rating_score: sql<number>`coalesce((select (count(*) filter (where value >= 3))::real / nullif(count(*), 0)
          from character_ratings where character_id = ${characterId}), 0)`,
      })
      .where('id', '=', characterId)
      .returning(['rating_score', 'num_ratings'])
      .executeTakeFirstOrThrow();
    return { ratingScore: row.rating_score, numRatings: row.num_ratings };
  });
}

/** The member's rating value of the chatbot, if any. */
export async function valueOf(
  db: Db,
  userId: string,
  characterId: string,
): Promise<1 | 3 | 5 | undefined> {
  const row = await db
    .selectFrom('character_ratings')
    .select('value')
    .where('user_id', '=', userId)
    .where('character_id', '=', characterId)
    .executeTakeFirst();
  return row?.value;
}
