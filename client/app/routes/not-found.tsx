import { ErrorPage } from '../layouts/error-page';

/** The 404 page (product-core.md, "Modals and overlays"). */
export function NotFoundPage() {
  return <ErrorPage code={404} title="This page is gone." documentTitle="Page not found" />;
}

/** Where a creator link that names nobody ends (product-core.md §2 routes, /user-not-found). */
export function UserNotFoundPage() {
  return <ErrorPage code={404} title="This user does not exist." documentTitle="User not found" />;
}
