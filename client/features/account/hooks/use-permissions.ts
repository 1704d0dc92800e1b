import { useAtomValue } from 'jotai';
import { guestPermissions } from '#shared/rules/permissions';
import type { Permission } from '#shared/schemas/permission';
import { meAtom } from '../atoms';
import { useSession } from './use-session';

/** The caller's effective permissions, or null while they are still being learnt. */
export function usePermissions(): readonly Permission[] | null {
  const state = useSession();
  const me = useAtomValue(meAtom);
  if (state.status === 'restoring') return null;
  if (state.status === 'guest') return guestPermissions;
  if (me === null || me.id !== state.session.user.id) return null;
  return me.permissions ?? [];
}
