/**
 * Personas of members, the persona of each conversation, and the persona picker's setting. Changes
 * that touch the default lock the member's row first, so concurrent creates, deletes and default
 * changes of one member run one after another: the limit holds and there is always one default.
 */
import type { Persona } from '#shared/schemas/persona';
import type { Db } from '../database';
import { toPersona } from '../mappers';

interface PersonaFields {
  name: string;
  highlights: string;
  avatarUrl: string;
}

async function lockUser(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The member's personas, the default first, then oldest first. */
export async function listForUser(db: Db, userId: string): Promise<Persona[]> {
  const rows = await db
    .selectFrom('personas')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toPersona);
}

export async function findOwned(db: Db, userId: string, id: string): Promise<Persona | undefined> {
  const row = await db
    .selectFrom('personas')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toPersona(row);
}

/**
 * Creates a persona unless the member holds `limit` already ('full'). The first one is the default;
 * a later one becomes it when asked, taking it from the old default.
 */
export async function createWithin(
  db: Db,
  userId: string,
  input: PersonaFields & { isDefault: boolean },
  limit: number,
): Promise<Persona | 'full'> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const { n } = await trx
      .selectFrom('personas')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const count = Number(n);
    if (count >= limit) return 'full';
    const isDefault = count === 0 || input.isDefault;
    if (isDefault) await clearDefault(trx, userId);
    const row = await trx
      .insertInto('personas')
      .values({
        user_id: userId,
        name: input.name,
        highlights: input.highlights,
        avatar_url: input.avatarUrl,
        is_default: isDefault,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPersona(row);
  });
}

async function clearDefault(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('personas')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
}

export async function update(
  db: Db,
  userId: string,
  id: string,
  input: PersonaFields,
): Promise<Persona | undefined> {
  const row = await db
    .updateTable('personas')
    .set({
      name: input.name,
      highlights: input.highlights,
      avatar_url: input.avatarUrl,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row && toPersona(row);
}

export async function makeDefault(
  db: Db,
  userId: string,
  id: string,
): Promise<Persona | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    if (!(await findOwned(trx, userId, id))) return undefined;
    await clearDefault(trx, userId);
    const row = await trx
      .updateTable('personas')
      .set({ is_default: true, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPersona(row);
  });
}

/** Deletes a persona that is not the default, moving its conversations to the default first. */
export async function remove(
  db: Db,
  userId: string,
  id: string,
): Promise<'deleted' | 'default' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const persona = await findOwned(trx, userId, id);
    if (!persona) return 'missing';
    if (persona.isDefault) return 'default';
    await trx
      .updateTable('conversations')
      .set((eb) => ({
        user_persona_id: eb
          .selectFrom('personas')
          .select('id')
          .where('user_id', '=', userId)
          .where('is_default', '=', true),
      }))
      .where('user_persona_id', '=', id)
      .execute();
    await trx.deleteFrom('personas').where('id', '=', id).execute();
    return 'deleted';
  });
}

export async function isChoiceHidden(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('persona_choice_hidden')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.persona_choice_hidden ?? false;
}

export async function setChoiceHidden(db: Db, userId: string, isHidden: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ persona_choice_hidden: isHidden })
    .where('id', '=', userId)
    .execute();
}

/** Points the member's conversation at one of their personas; false when either is not theirs. */
export async function setForConversation(
  db: Db,
  userId: string,
  conversationId: string,
  personaId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ user_persona_id: personaId })
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('personas')
          .select('personas.id')
          .where('personas.id', '=', personaId)
          .where('personas.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Who a user starts a new chat as: the persona asked for (undefined when it is not theirs), or their
 * default persona (null when they have none), with their display name for the fallback.
 */
export async function identityForNewChat(
  db: Db,
  userId: string,
  personaId: string | null,
): Promise<
  { persona: { id: string; name: string } | null; displayName: string | null } | undefined
> {
  const row = await db
    .selectFrom('users')
    .leftJoin('personas', (join) => {
      const owned = join.onRef('personas.user_id', '=', 'users.id');
      return personaId === null
        ? owned.on('personas.is_default', '=', true)
        : owned.on('personas.id', '=', personaId);
    })
    .select([
      'users.name as displayName',
      'personas.id as personaId',
      'personas.name as personaName',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return { persona: null, displayName: null };
  if (personaId !== null && row.personaId === null) return undefined;
  return {
    persona:
      row.personaId !== null && row.personaName !== null
        ? { id: row.personaId, name: row.personaName }
        : null,
    displayName: row.displayName,
  };
}
