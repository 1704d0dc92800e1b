import { useCallback, useState } from 'react';
import { useServices } from '../../../lib/services';
import { endSession } from '../api';

/**
 * Signs out: tells the server (which revokes the session and drops the member's sockets), then forgets
 * the token; the session manager's identity change reconnects the socket as the guest.
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const { api, session } = useServices();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setIsSigningOut(true);
    try {
      await endSession(api);
    } catch {
      // Signed out locally either way; the refresh cookie is useless without the access token's session.
    } finally {
      session.clear();
      setIsSigningOut(false);
    }
  }, [api, session]);
  return { signOut, isSigningOut };
}
