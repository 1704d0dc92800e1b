import { Button } from '../../../components/button';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';
import { SignInButton } from './sign-in-button';

/** The footer's Sign In or Sign Out (product-core.md, footer). */
export function FooterAccount() {
  const state = useSession();
  const { signOut, isSigningOut } = useSignOut();
  if (state.status === 'restoring') return null;
  if (state.status === 'guest') return <SignInButton variant="secondary" />;
  return (
    <Button
      $size="sm"
      disabled={isSigningOut}
      onClick={() => {
        void signOut();
      }}
    >
      Sign Out
    </Button>
  );
}
