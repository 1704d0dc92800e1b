/**
 * The route guard (product-core.md §6): a page that needs a permission renders when the caller holds
 * it; otherwise limited_access shows the Restricted banner page and anyone else the 403 page.
 */
import type { ReactNode } from 'react';
import { guardRoute } from '#shared/rules/permissions';
import type { Permission } from '#shared/schemas/permission';
import { Spinner } from '../components/spinner';
import { usePermissions } from '../features/account/hooks/use-permissions';
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
  if (held === null) {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  // 'ban' (limited_access): the account gate already shows the Restricted banner above the page.
  return guardRoute(permission, held) === 'allowed' ? children : <ForbiddenPage />;
}
