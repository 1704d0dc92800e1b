import { useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { Onboarding } from '../../features/onboarding/components/onboarding';
import { Spinner } from '../../components/spinner';
import { paths, returnPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

/**
 * /signup: sign-up completion for a member without a username, then back to `?next=` (where they
 * were) or home. A guest is asked to sign in first; a member who already finished is sent on at once.
 */
export function SignupPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const next = returnPath(params.get('next')) ?? paths.home.build();
  useDocumentTitle('Welcome Aboard');
  // Decided once the member is known, so finishing (which sets the username) still shows the
  // interests step instead of leaving at once.
  const [decided, setDecided] = useState<{ memberId: string; isOnboarding: boolean } | null>(null);
  const member = session.status === 'member' ? session.session.user : null;
  if (member !== null && decided?.memberId !== member.id) {
    setDecided({ memberId: member.id, isOnboarding: member.username === null });
  }
  const isOnboarding =
    member !== null && decided?.memberId === member.id ? decided.isOnboarding : null;

  if (session.status === 'guest') {
    return (
      <Page>
        <SignInPrompt />
      </Page>
    );
  }
  if (isOnboarding === false) return <Redirect to={next} replace />;
  return (
    <Page>
      {isOnboarding === true ? (
        <Onboarding
          onDone={() => {
            navigate(next, { replace: true });
          }}
        />
      ) : (
        <Spinner label="Loading" />
      )}
    </Page>
  );
}
