/**
 * The member's marks as this tab knows them: favorites (loaded once per member, then changed
 * optimistically), and what was taken out of view this session (bots deleted or marked "less like
 * this", creators blocked) so every list on screen drops them at once, before any reload.
 */
import { atom } from 'jotai';

/** The member's favorite ids; `ids` is null while loading. Null before any card asked. */
export const favoritesAtom = atom<{ memberId: string; ids: ReadonlySet<string> | null } | null>(
  null,
);

/** Ids of chatbots deleted or marked "less like this" in this tab. */
export const removedCharacterIdsAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Usernames (lowercase) of creators blocked in this tab and not unblocked since. */
export const blockedUsernamesAtom = atom<ReadonlySet<string>>(new Set<string>());
