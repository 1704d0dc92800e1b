import { sql, type Expression } from 'kysely';
import type { Db } from '../database';
import { toCharacterRecord, type CharacterDefinition, type CharacterRecord } from '../mappers';

/** Tag names of the character, ordered by name, as an array column. */
export function tagsOf(characterId: Expression<string>) {
  return sql<string[]>`array(
    select t.name from character_tags ct join tags t on t.id = ct.tag_id
    where ct.character_id = ${characterId} order by t.name)`.as('tags');
}

/** The creator's username (null for a deleted creator), as a column. */
export function creatorUsernameOf(creatorUserId: Expression<string | null>) {
  return sql<string | null>`(select u.username from users u where u.id = ${creatorUserId})`.as(
    'creator_username',
  );
}

export async function findById(db: Db, id: string): Promise<CharacterRecord | undefined> {
  const row = await db
    .selectFrom('characters as c')
    .selectAll('c')
    .select((eb) => [tagsOf(eb.ref('c.id')), creatorUsernameOf(eb.ref('c.creator_user_id'))])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row && toCharacterRecord(row);
}

/** Deletes a character of the creator (its chats, favorites and ratings go with it); false if none. */
export async function deleteOwned(db: Db, id: string, creatorUserId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('characters')
    .where('id', '=', id)
    .where('creator_user_id', '=', creatorUserId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What the seed writes: the record's definition fields plus a slug and tags (one shape, CharacterRecord). */
export type CharacterInput = CharacterDefinition &
  /** creatorUserId is null only for test and bench characters that belong to nobody. */
  Pick<CharacterRecord, 'creatorUserId'> & { slug: string; tags: readonly string[] };

/** Inserts or refreshes a character keyed by slug, with its tags; used by the seed. */
export async function upsertBySlug(db: Db, input: CharacterInput): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const values = {
      slug: input.slug,
      name: input.name,
      title: input.title,
      persona: input.persona,
      scenario: input.scenario,
      greeting: input.greeting,
      dialogue: input.dialogue,
      avatar_url: input.avatarUrl,
      language: input.language,
      token_count: input.tokenCount,
      creator_user_id: input.creatorUserId,
    };
    const { id } = await trx
      .insertInto('characters')
      .values(values)
      .onConflict((oc) => oc.column('slug').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceTags(trx, id, input.tags);
    return id;
  });
}

/**
 * Locks a character's row until the transaction ends, so writes that read and then change what hangs
 * off it (its tags, lorebooks, ratings) run one after the other; call in a transaction.
 */
export async function lockCharacter(trx: Db, characterId: string): Promise<void> {
  await trx
    .selectFrom('characters')
    .select('id')
    .where('id', '=', characterId)
    .forUpdate()
    .execute();
}

/**
 * Sets a character's tags to exactly these names, creating tags not seen before; call in a transaction.
 * The character's row is locked first, so two replacements at once run one after the other (without
 * it, the second one's delete missed the first one's new tags and the bot kept both sets).
 */
export async function replaceTags(trx: Db, characterId: string, names: readonly string[]) {
  await lockCharacter(trx, characterId);
  await trx.deleteFrom('character_tags').where('character_id', '=', characterId).execute();
  if (names.length === 0) return;
  await trx
    .insertInto('tags')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const tags = await trx.selectFrom('tags').select('id').where('name', 'in', names).execute();
  await trx
    .insertInto('character_tags')
    .values(tags.map((t) => ({ character_id: characterId, tag_id: t.id })))
    .execute();
}

export async function countAll(db: Db): Promise<number> {
  const row = await db
    .selectFrom('characters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
