/**
 * The NSFW toggle (product-core.md §4 "NSFW toggle"): the choice is kept in this browser; turning it on
 * needs a signed-in member with NSFW on in the profile and, where required, a current age
 * verification. What blocks it is answered so the listing can show the matching prompt.
 */
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { isNsfwAllowed } from '#shared/rules/library';
import { readStored, removeStored, writeStored } from '../../../lib/browser-storage';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { fetchNsfwGate } from '../api';

export type NsfwRefusal = 'guest' | 'nsfw_disabled' | 'age_verification';

function readChoice(): boolean {
  return readStored('libraryNsfw', z.boolean()) === true;
}

/** Storage can be unavailable (private mode): the choice then lasts for this page only. */
function storeChoice(on: boolean): void {
  if (on) writeStored('libraryNsfw', true);
  else removeStored('libraryNsfw');
}

export function useNsfwChoice() {
  const { api } = useServices();
  const session = useSession();
  const [isOn, setIsOn] = useState(readChoice);
  const isMember = session.status === 'member';
  const set = useCallback(
    async (on: boolean): Promise<NsfwRefusal | null> => {
      if (!on) {
        storeChoice(false);
        setIsOn(false);
        return null;
      }
      if (!isMember) return 'guest';
      const gate = await fetchNsfwGate(api);
      const allowed = isNsfwAllowed({ requested: true, isMember: true, ...gate });
      if (!allowed) return gate.showNsfw ? 'age_verification' : 'nsfw_disabled';
      storeChoice(true);
      setIsOn(true);
      return null;
    },
    [api, isMember],
  );
  // A guest never sees NSFW, whatever an earlier member left stored here.
  return { isOn: isOn && isMember, set };
}
