import { Button } from '../../../components/button';
import { useSignOut } from '../hooks/use-sign-out';

/** Signs out (server first, then this tab and the others); `onSignedOut` runs after. */
export function SignOutButton({
  size = 'md',
  onSignedOut,
}: {
  size?: 'sm' | 'md';
  onSignedOut?: () => void;
}) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Button
      $size={size}
      disabled={isSigningOut}
      onClick={() => {
        void signOut().then(() => {
          onSignedOut?.();
        });
      }}
    >
      Sign Out
    </Button>
  );
}
