/**
 * The user side of a conversation's prompt (issue 11, personas and 14): the name the user goes by (the
 * conversation's persona's, else the member's display name, else "User") and the persona's highlights.
 */
import { defaultUserName } from '#shared/rules/macros';
import { chatUserName } from '#shared/rules/persona';
import type { Db } from '#server/db/database';
import * as personas from '#server/db/repositories/personas.repo';
import type { PromptPersona } from './build-prompt';

export async function promptUserOf(
  db: Db,
  conversationId: string,
): Promise<{ userName: string; persona: PromptPersona | null }> {
  const user = await personas.promptUserOf(db, conversationId);
  return {
    userName: chatUserName(user.personaName, user.displayName, defaultUserName),
    persona: user.highlights === null ? null : { highlights: user.highlights },
  };
}
