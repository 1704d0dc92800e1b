/**
 * What a member has told the library about characters and creators (issue 10 parts 2 and 4): their
 * ratings, favorites, dislikes and chats, which recommendations weigh, and the creators they blocked,
 * whose bots no listing shows them.
 */
import { sql } from 'kysely';
import type { RecommendationSignal } from '#shared/rules/library';
import type { Db } from '../database';

/** The member's ratings, favorites, dislikes and chats (the 200 latest of each), with their bots' tags. */
export async function signals(db: Db, userId: string): Promise<RecommendationSignal[]> {
  const result = await sql<{
    character_id: string;
    kind: RecommendationSignal['kind'];
    value: number;
    tag_ids: number[];
    tag_names: string[];
  }>`
    select s.character_id, s.kind, s.value, c.tag_ids,
      array(select t.name from unnest(c.tag_ids) with ordinality as u(id, n)
        join tags t on t.id = u.id order by u.n) as tag_names
    from (
      (select character_id, 'rating' as kind, value::integer as value from character_ratings
        where user_id = ${userId} order by updated_at desc limit 200)
      union all
      (select character_id, 'favorite', 0 from character_favorites
        where user_id = ${userId} order by created_at desc limit 200)
      union all
      (select character_id, 'dislike', 0 from character_dislikes
        where user_id = ${userId} order by created_at desc limit 200)
      union all
      (select character_id, 'chat', 0 from conversations
        where user_id = ${userId} group by character_id order by max(updated_at) desc limit 200)
    ) s join characters c on c.id = s.character_id`.execute(db);
  return result.rows.map((r) => ({
    characterId: r.character_id,
    kind: r.kind,
    value: r.value,
    tagIds: r.tag_ids,
    tagNames: r.tag_names,
  }));
}

/** Creators the member blocked. */
export async function blockedCreatorIds(db: Db, userId: string): Promise<string[]> {
  const result = await sql<{ creator_user_id: string }>`
    select creator_user_id from creator_blocks where user_id = ${userId}`.execute(db);
  return result.rows.map((r) => r.creator_user_id);
}
