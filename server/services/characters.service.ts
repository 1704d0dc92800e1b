/**
 * Characters as callers see them. Who may see a character is decided here, once, for REST and the
 * socket send path alike (docs/style.md, "Ownership"): public and hidden (unlisted) characters are
 * everyone's, private ones only their creator's, and none of a creator the caller blocked. Groups
 * (type meta) only while the groupchat flag is on for the caller.
 */
import { ratingOfValue } from '#shared/rules/social';
import type { Character } from '#shared/schemas/character';
import type { Db } from '../db/database';
import { toCharacter, type CharacterRecord } from '../db/mappers';
import * as characters from '../db/repositories/characters.repo';
import * as creatorBlocks from '../db/repositories/creator-blocks.repo';
import * as favorites from '../db/repositories/favorites.repo';
import * as ratings from '../db/repositories/ratings.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { isCallerFlagOn } from './applications.service';
import { translationView } from './translation-access.service';

/**
 * Group chats live behind the groupchat flag (product-core.md §6). While the caller's application
 * switches it off, a group does not exist for them, nor do its conversations: whatever route or
 * command names one (its profile, its chats, a clone, deleting it) answers not_found, as the group
 * routes themselves do (shared/api, `flag`). The data stays, for when the flag is back on.
 */
export function assertShownType(caller: Caller, character: Pick<CharacterRecord, 'type'>): void {
  if (character.type === 'meta' && !isCallerFlagOn(caller, 'groupchat')) {
    throw new AppError('not_found');
  }
}

/** assertShownType for a character by id; read only while groups are off for the caller. */
export async function assertShownCharacter(db: Db, caller: Caller, id: string): Promise<void> {
  if (isCallerFlagOn(caller, 'groupchat')) return;
  const character = await characters.findById(db, id);
  if (character !== undefined) assertShownType(caller, character);
}

/**
 * The character if the caller may see it; otherwise character_not_found (ids of others never leak).
 * A blocked creator's characters are inaccessible to the member who blocked them (product-core.md §6),
 * as if they did not exist: the profile, the chat and every action refuse them alike.
 */
export async function visibleCharacter(
  db: Db,
  character: CharacterRecord | undefined,
  caller: Caller,
): Promise<CharacterRecord> {
  const isListed = character?.visibility === 'public' || character?.visibility === 'hidden';
  if (!character || !(isListed || character.creatorUserId === caller.userId)) {
    throw new AppError('character_not_found');
  }
  // Only members block, and never themselves: guests and creators skip the lookup.
  const creator = character.creatorUserId;
  if (
    caller.kind === 'member' &&
    creator !== null &&
    creator !== caller.userId &&
    (await creatorBlocks.isBlocked(db, caller.userId, creator))
  ) {
    throw new AppError('character_not_found');
  }
  assertShownType(caller, character);
  return character;
}

/** A character by id if the caller may see it (visibleCharacter). */
export async function findVisible(db: Db, caller: Caller, id: string): Promise<CharacterRecord> {
  return visibleCharacter(db, await characters.findById(db, id), caller);
}

/** A character whose profile the caller may open: visible to them, and for guests not NSFW. */
export async function profileVisible(db: Db, caller: Caller, id: string): Promise<CharacterRecord> {
  const character = await findVisible(db, caller, id);
  if (character.isNsfw && caller.kind === 'guest' && character.creatorUserId !== caller.userId) {
    throw new AppError('sign_up_required');
  }
  return character;
}

/**
 * A character's profile; its definition shows when the creator made it visible, or to the creator.
 * It carries the caller's favorite and rating, so the profile shows them without asking again. Guests
 * get sign_up_required for an NSFW character (product-core.md §4: NSFW needs sign-in; the client
 * shows its login prompt), never its text.
 */
export async function getCharacter(db: Db, caller: Caller, id: string): Promise<Character> {
  const character = await profileVisible(db, caller, id);
  const isMember = caller.kind === 'member';
  const [isFavorite, rating] = await Promise.all([
    isMember ? favorites.isFavorite(db, caller.userId, id) : false,
    isMember ? ratings.valueOf(db, caller.userId, id) : undefined,
  ]);
  const isCreator = character.creatorUserId === caller.userId;
  const translated = await translationView(
    db,
    caller,
    character,
    character.definitionVisible || isCreator,
  );
  return toCharacter(character, {
    isCreator,
    isFavorite,
    myRating: rating === undefined ? null : ratingOfValue(rating),
    ...translated,
  });
}
