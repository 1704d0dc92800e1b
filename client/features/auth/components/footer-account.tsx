import { useSession } from '../../../lib/session';
import { SignInButton } from './sign-in-button';
import { SignOutButton } from './sign-out-button';

/** The footer's Sign In or Sign Out (product-core.md, footer). */
export function FooterAccount() {
  const state = useSession();
  if (state.status === 'restoring') return null;
  if (state.status === 'guest') return <SignInButton variant="secondary" />;
  return <SignOutButton size="sm" />;
}
