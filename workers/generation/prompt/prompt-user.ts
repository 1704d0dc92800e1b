/**
 * The user side of a conversation's prompt (issue 11, personas and 14): the name the user goes by (the
 * conversation's persona's, else the member's display name, else "User") and the persona's highlights.
 */
import { defaultUserName } from '#shared/rules/macros';
import { chatUserName } from '#shared/rules/persona';
import type { ReplyOwner } from '#server/db/repositories/generation-settings.repo';
import type { PromptPersona } from './build-prompt';

export function promptUserOf(owner: ReplyOwner | undefined): {
  userName: string;
  persona: PromptPersona | null;
} {
  return {
    userName: chatUserName(owner?.personaName, owner?.displayName, defaultUserName),
    persona:
      owner?.highlights === null || owner?.highlights === undefined
        ? null
        : { highlights: owner.highlights },
  };
}
