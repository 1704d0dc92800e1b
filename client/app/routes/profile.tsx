import { ProfileSettings } from '../../features/account/components/profile-settings';
import { useCustomerSupportUrl } from '../../features/app-settings/hooks/use-app-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';

/** /profile: the member's settings, guarded by view_auth. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const supportUrl = useCustomerSupportUrl();
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <ProfileSettings supportUrl={supportUrl} />
      </Page>
    </RequirePermission>
  );
}
