/**
 * Who the user is in a chat (issue 11, 6 and 14): the persona a new conversation is chatted as, and the
 * name the greeting and prompts call the user: the persona's name, else the member's display name,
 * else "User".
 */
import { defaultUserName } from '#shared/rules/macros';
import { chatUserName } from '#shared/rules/persona';
import type { Db } from '../db/database';
import * as personas from '../db/repositories/personas.repo';
import type { Caller } from '../lib/caller';
import { AppError } from '../lib/errors';

/**
 * The persona a member's new conversation starts with (the one chosen, else their default) and the
 * user's name for its greeting. Guests have no personas: a chosen one is refused.
 */
export async function newChatIdentity(
  db: Db,
  caller: Caller,
  personaId: string | null,
): Promise<{ personaId: string | null; userName: string }> {
  if (caller.kind === 'guest') {
    if (personaId !== null) throw new AppError('sign_in_required');
    return { personaId: null, userName: defaultUserName };
  }
  const identity = await personas.identityForNewChat(db, caller.userId, personaId);
  if (!identity) throw new AppError('persona_not_found', { field: 'personaId' });
  return {
    personaId: identity.persona?.id ?? null,
    userName: chatUserName(identity.persona?.name, identity.displayName, defaultUserName),
  };
}
