import { SignInButton } from '../../features/auth/components/sign-in-button';
import { AgeVerificationStatus } from '../../features/age-verification/components/age-verification-status';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

/** /age-verification: the status and methods; guests are asked to sign in. */
export function AgeVerificationPage() {
  useDocumentTitle('Age verification');
  const session = useSession();
  return (
    <Page>
      {session.status === 'restoring' ? (
        <Spinner />
      ) : (
        <AgeVerificationStatus isMember={session.status === 'member'} signIn={<SignInButton />} />
      )}
    </Page>
  );
}
