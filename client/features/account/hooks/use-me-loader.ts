import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadMe } from '../api';
import { meAtom, meVersionAtom } from '../atoms';
import { useSession } from './use-session';

/**
 * Loads GET /api/me for the signed-in member (permissions, restriction) into `meAtom`; run once by the
 * account gate. Guests get null.
 */
export function useMeLoader(): void {
  const { api } = useServices();
  const state = useSession();
  const version = useAtomValue(meVersionAtom);
  const setMe = useSetAtom(meAtom);
  const memberId = state.status === 'member' ? state.session.user.id : null;
  const me = useQuery(`me:${memberId ?? 'guest'}:${version}`, (signal) =>
    memberId === null ? Promise.resolve(null) : loadMe(api, signal),
  );
  const loaded = me.status === 'success' ? me.data : null;
  useEffect(() => {
    setMe(loaded);
  }, [loaded, setMe]);
}
