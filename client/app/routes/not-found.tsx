import { ErrorPage } from '../layouts/error-page';

/** The 404 page (product-core.md, "Modals and overlays"). */
export function NotFoundPage() {
  return <ErrorPage code={404} title="This page is gone." documentTitle="Page not found" />;
}
