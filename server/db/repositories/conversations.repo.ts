import type { Db } from '../database';
import { toConversation, type ConversationRecord } from '../mappers';

export async function create(
  db: Db,
  input: { userId: string; characterId: string },
): Promise<ConversationRecord> {
  return db
    .insertInto('conversations')
    .values({ user_id: input.userId, character_id: input.characterId })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toConversation);
}

export async function findById(db: Db, id: string): Promise<ConversationRecord | undefined> {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toConversation(row);
}

export async function findLatestWithCharacter(
  db: Db,
  userId: string,
  characterId: string,
): Promise<ConversationRecord | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('character_id', '=', characterId)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row && toConversation(row));
}

/** A user's conversations, most recently active first, keyset-paged by (updated_at, id). */
export async function listForUser(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
): Promise<ConversationRecord[]> {
  let query = db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) {
    const before = page.before;
    query = query.where((eb) =>
      eb(
        eb.refTuple('updated_at', 'id'),
        '<',
        eb
          .selectFrom('conversations')
          .select(['updated_at', 'id'])
          .where('id', '=', before)
          .where('user_id', '=', userId)
          .$asTuple('updated_at', 'id'),
      ),
    );
  }
  return (await query.execute()).map(toConversation);
}
