import { useSearchParams } from 'wouter';
import { AgeVerificationCallback } from '../../features/age-verification/components/age-verification-callback';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { paths } from '../../lib/paths';

/** /age-verification/callback?session=<id>: the provider returns here; the result is shown. */
export function AgeVerificationCallbackPage() {
  useDocumentTitle('Age verification');
  const [params] = useSearchParams();
  const session = useSession();
  return (
    <Page>
      {session.status === 'restoring' ? (
        <Spinner label="Checking your verification" />
      ) : (
        <AgeVerificationCallback
          sessionId={params.get('session')}
          homeHref={paths.home.build()}
          retryHref={paths.ageVerification.build()}
        />
      )}
    </Page>
  );
}
