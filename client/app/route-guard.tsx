/**
 * The route guard (product-core.md §6): a page that needs a permission renders when the caller holds
 * it; otherwise a guest is asked to sign in (members may hold it; on a partner site, where the partner
 * signs its members in, a guest is one whose token we refused: the invalid account page), a
 * limited_access (Restricted) member gets the ban page and any other member the 403 page.
 */
import type { ReactNode } from 'react';
import { guardRoute } from '#shared/rules/permissions';
import type { Permission } from '#shared/schemas/permission';
import { Spinner } from '../components/spinner';
import { RestrictedScreen } from '../features/auth/components/restriction-screens';
import { SignInPrompt } from '../features/auth/components/sign-in-prompt';
import {
  useAppSettings,
  useCustomerSupportUrl,
} from '../features/app-settings/hooks/use-app-settings';
import { usePermissions } from '../lib/member';
import { useSession } from '../lib/session';
import { Page } from './layouts/page';
import { ForbiddenPage } from './routes/forbidden';
import { InvalidAccountPage } from './routes/invalid-account';

export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const held = usePermissions();
  const session = useSession();
  const supportUrl = useCustomerSupportUrl();
  const isPartner = useAppSettings()?.isPartner === true;
  if (held === null) {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  const outcome = guardRoute(permission, held);
  switch (outcome) {
    case 'allowed':
      return children;
    case 'ban':
      return <RestrictedScreen supportUrl={supportUrl} />;
    case 'forbidden':
      if (session.status === 'guest' && isPartner) return <InvalidAccountPage />;
      return session.status === 'guest' ? (
        <Page>
          <SignInPrompt />
        </Page>
      ) : (
        <ForbiddenPage />
      );
  }
}
