/**
 * The signed-in member as GET /api/me answers (permissions, feature flags, restriction), beside the
 * session of session.ts: the one place every feature and the shell read who the member is and what they
 * may do, and the one path by which a feature that changed the member (sign-up, a new email or
 * username) tells everyone else.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getMe } from '#shared/api/auth';
import { guestPermissions } from '#shared/rules/permissions';
import type { Permission } from '#shared/schemas/permission';
import type { Me } from '#shared/schemas/user';
import { useServices } from './services';
import { useMemberId, useSession } from './session';
import { subscribeServerEvents } from './socket';
import { useQuery } from './use-query';

/** The signed-in member as GET /api/me answered, or null for a guest (or before it answered). */
export const meAtom = atom<Me | null>(null);

/** Bumped to reload GET /api/me after the member changed. */
const meVersionAtom = atom(0);

/** The signed-in member's avatar picture: set by the profile and by an upload, read by the header. */
export const memberAvatarAtom = atom<{ memberId: string; url: string | null } | null>(null);

/** Loads GET /api/me for the signed-in member into `meAtom`; run once by the shell. Guests get null. */
export function useMeLoader(): void {
  const { api } = useServices();
  const version = useAtomValue(meVersionAtom);
  const setMe = useSetAtom(meAtom);
  const memberId = useMemberId();
  const me = useQuery(`me:${memberId ?? 'guest'}:${version}`, (signal) =>
    memberId === null ? Promise.resolve(null) : api.request(getMe, { signal }),
  );
  const loaded = me.status === 'success' ? me.data : null;
  useEffect(() => {
    // A reload keeps the member shown until the answer comes (pages guarded by a permission would
    // otherwise unmount meanwhile); useMe ignores a member who is no longer signed in.
    if (loaded !== null || memberId === null) setMe(loaded);
  }, [loaded, memberId, setMe]);
}

/** The signed-in member as GET /api/me answered, or null while unknown or for a guest. */
export function useMe(): Me | null {
  const state = useSession();
  const me = useAtomValue(meAtom);
  return state.status === 'member' && me?.id === state.session.user.id ? me : null;
}

/** The caller's effective permissions, or null while they are still being learnt. */
export function usePermissions(): readonly Permission[] | null {
  const state = useSession();
  const me = useMe();
  if (state.status === 'restoring') return null;
  if (state.status === 'guest') return guestPermissions;
  return me === null ? null : (me.permissions ?? []);
}

/**
 * Tells everyone the member changed: what the session knows of them now, and GET /api/me again for
 * what follows from it (permissions after sign-up, say).
 */
export function useMemberChanged(): (changes?: Partial<Me>) => void {
  const { session } = useServices();
  const bump = useSetAtom(meVersionAtom);
  return useCallback(
    (changes) => {
      if (changes !== undefined) session.updateUser(changes);
      bump((n) => n + 1);
    },
    [session, bump],
  );
}

/**
 * Rotates the session, so the token carries the member's new role, then reloads GET /api/me for the
 * permissions that follow from it (after a purchase, a plan change, an expiry).
 */
export function useRefreshAccount(): () => Promise<void> {
  const { session } = useServices();
  const memberChanged = useMemberChanged();
  return useCallback(async () => {
    await session.refresh();
    memberChanged();
  }, [session, memberChanged]);
}

/** Refreshes the account when the server announces `account:changed` (a purchase in another tab, say). */
export function useAccountChangedRefresh(): void {
  const { socket } = useServices();
  const memberId = useMemberId();
  const refreshAccount = useRefreshAccount();
  useEffect(
    () =>
      subscribeServerEvents(socket, {
        'account:changed': () => {
          void refreshAccount();
        },
      }),
    [socket, refreshAccount],
  );
  // The announcement reaches the member's open sockets only: a signed-in tab keeps one.
  useEffect(() => {
    if (memberId !== null && !socket.active) socket.connect();
  }, [socket, memberId]);
}
