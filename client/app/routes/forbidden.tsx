import { ErrorPage } from '../layouts/error-page';

/** The 403 page (product-core.md §2 and §6, route guard). */
export function ForbiddenPage() {
  return (
    <ErrorPage
      code={403}
      title="Access Denied - You are Not Authorized to access this page"
      documentTitle="Access Denied"
    />
  );
}
