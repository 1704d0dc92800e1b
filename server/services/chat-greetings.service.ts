/**
 * The greetings a new chat opens with (issue 27 item 2, docs/formats.md §1.2-1.3): the character's own,
 * then an imported card's alternate greetings for a chatbot, or for a group chat its greeter's
 * group-only greetings. The first message of a new conversation is the one the member chose, with the
 * others stored as its alternatives (services/turns/send.turn.ts).
 */
import { openingGreetings } from '#shared/cards/card-greetings';
import type { Db } from '../db/database';
import { findCardChat, type CardChat } from '../db/repositories/character-cards.repo';
import * as groups from '../db/repositories/groups.repo';
import type { CharacterRecord } from '../db/mappers';
import type { Caller } from '../lib/caller';
import { profileVisible } from './characters.service';

/** The greetings of a character, macros unfilled; `greeterId` speaks a group's. */
export async function greetingsOf(
  cardOf: (characterId: string) => Promise<CardChat>,
  character: Pick<CharacterRecord, 'id' | 'type' | 'greeting'>,
  greeterId: string | null,
): Promise<string[]> {
  let alternatives: readonly string[] = [];
  if (character.type === 'standard')
    alternatives = (await cardOf(character.id)).greetings.alternate;
  else if (greeterId !== null) alternatives = (await cardOf(greeterId)).greetings.groupOnly;
  return openingGreetings(character.greeting, alternatives);
}

/** The greetings a new chat with a character the caller may see opens with. */
export async function visibleGreetings(db: Db, caller: Caller, id: string): Promise<string[]> {
  const character = await profileVisible(db, caller, id);
  const greeterId =
    character.type === 'meta'
      ? (await groups.groupFields(db, character)).greetingCharacterId
      : null;
  return greetingsOf((characterId) => findCardChat(db, characterId), character, greeterId);
}
