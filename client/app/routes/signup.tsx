import { useLocation } from 'wouter';
import { Onboarding } from '../../features/onboarding/components/onboarding';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { paths } from '../../lib/paths';

/** /signup: sign-up completion for a member without a username. */
export function SignupPage() {
  const [, navigate] = useLocation();
  useDocumentTitle('Welcome Aboard');
  return (
    <Page>
      <Onboarding
        onDone={() => {
          navigate(paths.home.build(), { replace: true });
        }}
      />
    </Page>
  );
}
