import { sql } from 'kysely';
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

/** `%`, `_` and `\\` taken literally in an ILIKE pattern. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a user's conversations (all, or with one character), most recently active first,
 * keyset-paged by (updated_at, id) after `lastId`; `limit + 1` rows so the caller can tell the end.
 * Chats with chatbots of creators the user blocked are left out here, so every page is full.
 */
export async function listPage(
  db: Db,
  input: {
    userId: string;
    characterId?: string | undefined;
    search?: string | undefined;
    lastId?: string | undefined;
    limit: number;
    /** Leave out conversations with groups (type meta). */
    isWithoutGroups?: boolean;
  },
): Promise<ConversationRecord[]> {
  const { userId, characterId, search, lastId } = input;
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('characters as ch', 'ch.id', 'c.character_id')
    .selectAll('c')
    .where('c.user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('creator_blocks as b')
            .select('b.user_id')
            .where('b.user_id', '=', userId)
            .whereRef('b.creator_user_id', '=', 'ch.creator_user_id'),
        ),
      ),
    )
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(input.limit + 1);
  if (characterId !== undefined) query = query.where('c.character_id', '=', characterId);
  if (input.isWithoutGroups === true) query = query.where('ch.type', '<>', 'meta');
  if (search !== undefined && search !== '') {
    const pattern = likeContaining(search);
    query = query.where((eb) =>
      eb.or([eb('c.label', 'ilike', pattern), eb('ch.name', 'ilike', pattern)]),
    );
  }
  if (lastId !== undefined) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('c.updated_at', 'c.id'),
        '<',
        eb
          .selectFrom('conversations')
          .select(['updated_at', 'id'])
          .where('id', '=', lastId)
          .where('user_id', '=', userId)
          .$asTuple('updated_at', 'id'),
      ),
    );
  }
  return (await query.execute()).map(toConversation);
}

/** Sets the title of a user's conversation; false when they have no such conversation. */
export async function updateLabel(
  db: Db,
  input: { id: string; userId: string; label: string },
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ label: input.label })
    .where('id', '=', input.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a user's conversation (its messages go with it); false when they have no such one. */
export async function deleteOwned(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('conversations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A new, empty conversation of the user with a title (a clone or an import fills it next). */
export async function createTitled(
  db: Db,
  input: { userId: string; characterId: string; label: string | null },
): Promise<ConversationRecord> {
  return db
    .insertInto('conversations')
    .values({ user_id: input.userId, character_id: input.characterId, label: input.label })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toConversation);
}

/** Points a conversation at its head message and sets how many messages its branch holds. */
export async function setHead(
  db: Db,
  input: { id: string; lastMessageId: string | null; messageCount: number },
): Promise<ConversationRecord> {
  return db
    .updateTable('conversations')
    .set({
      last_message_id: input.lastMessageId,
      message_count: input.messageCount,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toConversation);
}
