import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { useSession } from '../../lib/session';
import { ErrorPage } from '../layouts/error-page';

/**
 * The invalid account page (product-rules.md §2 "Other", §8): log out or back to home. A partner
 * site's visitor whose partner token we refuse lands here (route-guard.tsx), as does the route itself.
 */
export function InvalidAccountPage() {
  const session = useSession();
  return (
    <ErrorPage
      code={403}
      title="This account is invalid, has been deleted or has been suspended."
      documentTitle="Invalid account"
      actions={session.status === 'member' ? <SignOutButton /> : null}
    />
  );
}
