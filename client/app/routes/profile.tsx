import { useLocation } from 'wouter';
import { useCustomerSupportUrl } from '../../features/app-settings/hooks/use-app-settings';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { EmailNotificationSettingsCard } from '../../features/email-notifications/components/email-notification-settings';
import { ProfileSettings } from '../../features/profile/components/profile-settings';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';

/** /profile: the member's settings, guarded by view_auth. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const [, navigate] = useLocation();
  const supportUrl = useCustomerSupportUrl();
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <ProfileSettings
          supportUrl={supportUrl}
          notifications={<EmailNotificationSettingsCard />}
          signOut={
            <SignOutButton
              onSignedOut={() => {
                navigate(paths.home.build());
              }}
            />
          }
        />
      </Page>
    </RequirePermission>
  );
}
