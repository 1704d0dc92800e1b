/**
 * Characters as callers see them. Who may see a character is decided here, once, for REST and the
 * socket send path alike (docs/style.md, "Ownership"): public and hidden (unlisted) characters are
 * everyone's, private ones only their creator's.
 */
import type { Character } from '#shared/schemas/character';
import type { Db } from '../db/database';
import { toCharacter, type CharacterRecord } from '../db/mappers';
import * as characters from '../db/repositories/characters.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';

/** The character if the caller may see it; otherwise character_not_found (ids of others never leak). */
export function visibleCharacter(
  character: CharacterRecord | undefined,
  caller: Caller,
): CharacterRecord {
  const isListed = character?.visibility === 'public' || character?.visibility === 'hidden';
  if (!character || !(isListed || character.creatorUserId === caller.userId)) {
    throw new AppError('character_not_found');
  }
  return character;
}

/** A character's profile; its definition shows when the creator made it visible, or to the creator. */
export async function getCharacter(db: Db, caller: Caller, id: string): Promise<Character> {
  const character = visibleCharacter(await characters.findById(db, id), caller);
  return toCharacter(character, character.creatorUserId === caller.userId);
}
