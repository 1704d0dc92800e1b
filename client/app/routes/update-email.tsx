import { useLocation, useSearchParams } from 'wouter';
import { UpdateEmail } from '../../features/profile/components/update-email';
import { paths, returnPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

/**
 * /update-email: a member adds or changes their email, then goes on: back to `?next=` (the profile
 * they came from), else to sign-up or home.
 */
export function UpdateEmailPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const next = returnPath(params.get('next'));
  useDocumentTitle('Update Email');
  return (
    <Page>
      <UpdateEmail
        onContinue={(hasUsername) => {
          const to = hasUsername ? (next ?? paths.home.build()) : paths.signup.build(next);
          navigate(to, { replace: true });
        }}
        onCancel={
          next === null
            ? undefined
            : () => {
                navigate(next, { replace: true });
              }
        }
      />
    </Page>
  );
}
