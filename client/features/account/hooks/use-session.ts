import { useAtomValue } from 'jotai';
import { sessionAtom, type SessionState } from '../../../lib/session';

/** Who is signed in: `restoring` at start-up, then `guest` or `member`. */
export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}
