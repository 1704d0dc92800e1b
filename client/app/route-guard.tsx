/**
 * The route guard (product-core.md §6): a page that needs a permission renders when the caller holds
 * it; otherwise a limited_access (Restricted) member gets the ban page and anyone else the 403 page.
 */
import type { ReactNode } from 'react';
import { guardRoute } from '#shared/rules/permissions';
import type { Permission } from '#shared/schemas/permission';
import { Spinner } from '../components/spinner';
import { RestrictedScreen } from '../features/auth/components/restriction-screens';
import { useCustomerSupportUrl } from '../features/app-settings/hooks/use-app-settings';
import { usePermissions } from '../lib/member';
import { Page } from './layouts/page';
import { ForbiddenPage } from './routes/forbidden';

export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const held = usePermissions();
  const supportUrl = useCustomerSupportUrl();
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
      return <ForbiddenPage />;
  }
}
