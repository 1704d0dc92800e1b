import type { AdSettings } from '#shared/api/ads';
import { useMe } from '../../../lib/member';
import { useMemberId } from '../../../lib/session';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadAdSettings } from '../api';

/** The caller's ad settings, asked again when the member or their role changes; null until known. */
export function useAdSettings(): AdSettings | null {
  const { api } = useServices();
  const memberId = useMemberId();
  const role = useMe()?.role ?? 'none';
  const state = useQuery(`ads:${memberId ?? 'guest'}:${role}`, (signal) =>
    loadAdSettings(api, signal),
  );
  return state.status === 'success' ? state.data : null;
}
