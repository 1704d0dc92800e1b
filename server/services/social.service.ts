/**
 * A member's own marks on chatbots (product-core.md §6, "Signed-in" and "Creator of a bot"):
 * favorites within characterLimits.favorites, "less like this", bot ratings and creator blocks. Every
 * action first asks characters.service whether the member may see the chatbot at all.
 */
import { characterLimits } from '#shared/rules/character';
import { ratingValues, type BotRating } from '#shared/rules/social';
import type { BlockedCreator, RatingState } from '#shared/api/social';
import type { Db } from '../db/database';
import type { CharacterRecord } from '../db/mappers';
import * as creatorBlocks from '../db/repositories/creator-blocks.repo';
import * as favorites from '../db/repositories/favorites.repo';
import * as ratings from '../db/repositories/ratings.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { findVisible } from './characters.service';

/** A chatbot the member may see and that is not their own (a creator may not like their own bot). */
async function othersCharacter(db: Db, caller: MemberCaller, id: string): Promise<CharacterRecord> {
  const character = await findVisible(db, caller, id);
  if (character.creatorUserId === caller.userId) throw new AppError('own_character');
  return character;
}

export async function favorite(db: Db, caller: MemberCaller, id: string): Promise<void> {
  await othersCharacter(db, caller, id);
  const outcome = await favorites.addWithin(db, caller.userId, id, characterLimits.favorites);
  if (outcome === 'full') {
    throw new AppError('character_favorite_limit', {
      details: { limit: characterLimits.favorites },
    });
  }
}

/** Removing needs no visibility: a member may always drop a favorite, even of a bot now hidden. */
export async function unfavorite(db: Db, caller: MemberCaller, id: string): Promise<void> {
  await favorites.remove(db, caller.userId, id);
}

export async function favoriteIds(db: Db, caller: MemberCaller): Promise<string[]> {
  return favorites.listIds(db, caller.userId);
}

export async function dislike(db: Db, caller: MemberCaller, id: string): Promise<void> {
  await othersCharacter(db, caller, id);
  await favorites.dislike(db, caller.userId, id);
}

/** Bot rating (spec §6): public chatbots only; hidden and private ones answer character_not_found. */
export async function rate(
  db: Db,
  caller: MemberCaller,
  id: string,
  rating: BotRating,
): Promise<RatingState> {
  const character = await othersCharacter(db, caller, id);
  if (character.visibility !== 'public') throw new AppError('character_not_found');
  const score = await ratings.rate(db, caller.userId, id, ratingValues[rating]);
  return { ...score, myRating: rating };
}

async function creatorNamed(db: Db, username: string): Promise<BlockedCreator> {
  const creator = await creatorBlocks.findCreator(db, username);
  if (!creator) throw new AppError('user_not_found', { field: 'username' });
  return creator;
}

export async function blockCreator(
  db: Db,
  caller: MemberCaller,
  username: string,
): Promise<BlockedCreator> {
  const creator = await creatorNamed(db, username);
  if (creator.id === caller.userId) throw new AppError('creator_block_self');
  await creatorBlocks.block(db, caller.userId, creator.id);
  return creator;
}

export async function unblockCreator(
  db: Db,
  caller: MemberCaller,
  username: string,
): Promise<BlockedCreator> {
  const creator = await creatorNamed(db, username);
  await creatorBlocks.unblock(db, caller.userId, creator.id);
  return creator;
}

export async function blockedCreators(db: Db, caller: MemberCaller): Promise<BlockedCreator[]> {
  return creatorBlocks.listForUser(db, caller.userId);
}
