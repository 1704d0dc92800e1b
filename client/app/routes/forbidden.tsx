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

/** What an editor shows anyone but the creator (product-core.md §2, "Create chatbot"). */
export function NotCreatorPage({ documentTitle }: { documentTitle: string }) {
  return (
    <ErrorPage
      code={403}
      title="You are not allowed to access this page"
      documentTitle={documentTitle}
    />
  );
}
