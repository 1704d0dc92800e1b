import type { LegalPageSlug } from '#shared/schemas/legal-page';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { useLegalPage } from '../../features/legal/hooks/use-legal-page';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { NotFoundPage } from './not-found';

/** /terms, /privacy, /guidelines and /refund: the application's text, or the operator's default. */
export function LegalPageRoute({ slug }: { slug: LegalPageSlug }) {
  const page = useLegalPage(slug);
  useDocumentTitle(page.status === 'success' ? page.data.title : null);
  if (page.status === 'error' && isNotFound(page.error)) return <NotFoundPage />;
  return (
    <Page>
      {page.status === 'success' ? (
        <LegalDocument page={page.data} />
      ) : page.status === 'loading' ? (
        <Spinner label="Loading page" />
      ) : (
        <ErrorState message={errorText(page.error)} onRetry={page.retry} />
      )}
    </Page>
  );
}
