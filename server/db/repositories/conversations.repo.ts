import { sql } from 'kysely';
import type { Db } from '../database';
import type { ConversationRow } from '../tables';

export async function create(
  db: Db,
  input: { userId: string; characterId: string },
): Promise<ConversationRow> {
  return db
    .insertInto('conversations')
    .values({ user_id: input.userId, character_id: input.characterId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findById(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLatestWithCharacter(
  db: Db,
  userId: string,
  characterId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('character_id', '=', characterId)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A user's conversations, most recently active first, keyset-paged by (updated_at, id). */
export async function listForUser(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
): Promise<ConversationRow[]> {
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
  return query.execute();
}

/**
 * Creates a conversation whose first message is the greeting, in one statement (one round trip):
 * foreign keys between the sibling inserts are checked at the end of the statement.
 */
export async function createWithGreeting(
  db: Db,
  input: {
    id: string;
    userId: string;
    characterId: string;
    greeting: { id: string; content: string } | null;
  },
): Promise<ConversationRow> {
  if (input.greeting === null) {
    return db
      .insertInto('conversations')
      .values({ id: input.id, user_id: input.userId, character_id: input.characterId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const result = await sql<ConversationRow>`
    with greeting as (
      insert into messages (id, conversation_id, prev_id, role, content)
      values (${input.greeting.id}, ${input.id}, null, 'bot', ${input.greeting.content})
    )
    insert into conversations (id, user_id, character_id, last_message_id, message_count)
    values (${input.id}, ${input.userId}, ${input.characterId}, ${input.greeting.id}, 1)
    returning *`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('conversation insert returned nothing');
  return row;
}
