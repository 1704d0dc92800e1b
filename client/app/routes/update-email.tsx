import { useLocation } from 'wouter';
import { UpdateEmail } from '../../features/profile/components/update-email';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { paths } from '../../lib/paths';

/** /update-email: a member adds an email, then goes on to sign-up or home. */
export function UpdateEmailPage() {
  const [, navigate] = useLocation();
  useDocumentTitle('Update Email');
  return (
    <Page>
      <UpdateEmail
        onContinue={(hasUsername) => {
          navigate(hasUsername ? paths.home.build() : paths.signup.build(), { replace: true });
        }}
      />
    </Page>
  );
}
