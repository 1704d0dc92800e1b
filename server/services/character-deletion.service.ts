/**
 * Deleting one's own chatbot (product-core.md §6, "Creator of a bot"; product-rules.md §7 DELETE
 * characters/{id}): creator only, with delete_character. Its chats, favorites and ratings go with it;
 * reports about it stay for the admins.
 */
import type { Db } from '../db/database';
import * as characters from '../db/repositories/characters.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { findVisible } from './characters.service';
import { assertMayDeleteCharacter } from './restrictions.service';

export async function deleteOwnCharacter(db: Db, caller: MemberCaller, id: string): Promise<void> {
  const character = await findVisible(db, caller, id);
  // Someone else's chatbot reads as missing, as it does for every other change.
  if (character.creatorUserId !== caller.userId) throw new AppError('character_not_found');
  assertMayDeleteCharacter(caller);
  if (!(await characters.deleteOwned(db, id, caller.userId))) {
    throw new AppError('character_not_found');
  }
}
