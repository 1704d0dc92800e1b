import { Redirect, useLocation, useSearchParams } from 'wouter';
import { Spinner } from '../../components/spinner';
import { useAppSettings } from '../../features/app-settings/hooks/use-app-settings';
import { PartnerSignup } from '../../features/onboarding/components/partner-signup';
import { paths, returnPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { InvalidAccountPage } from './invalid-account';

/**
 * /external/signup: a partner site's member without a username picks one, then goes back to `?next=`
 * or home. Off a partner site it is our own sign-up; a visitor the partner did not sign in (no token,
 * or one we refused) gets the invalid account page.
 */
export function ExternalSignupPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const settings = useAppSettings();
  const next = returnPath(params.get('next')) ?? paths.home.build();
  useDocumentTitle('Create your account');
  if (settings === null || session.status === 'restoring') {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  if (!settings.isPartner) return <Redirect to={paths.signup.build(next)} replace />;
  if (session.status === 'guest') return <InvalidAccountPage />;
  const member = session.session.user;
  if (member.username !== null) return <Redirect to={next} replace />;
  return (
    <Page>
      <PartnerSignup
        initialName={member.name ?? ''}
        onDone={() => {
          navigate(next, { replace: true });
        }}
      />
    </Page>
  );
}
