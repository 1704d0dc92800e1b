import type { ReactNode } from 'react';
import type { LegalPageSlug } from '#shared/schemas/legal-page';
import { AppDownloadLinks, SupportLink } from '../../features/app-settings/components/app-links';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { useLegalPage } from '../../features/legal/hooks/use-legal-page';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { NotFoundPage } from './not-found';

/** What a help page shows under the operator's text, from the application's settings. */
const extras: Partial<Record<LegalPageSlug, ReactNode>> = {
  'contact-support': <SupportLink />,
  download: <AppDownloadLinks />,
  android: <AppDownloadLinks only="android" />,
};

/** A legal or help page (paths.legal): the application's text, or the operator's default. */
export function LegalPageRoute({ slug }: { slug: LegalPageSlug }) {
  const page = useLegalPage(slug);
  useDocumentTitle(page.status === 'success' ? page.data.title : null);
  if (page.status === 'error' && isNotFound(page.error)) return <NotFoundPage />;
  return (
    <Page>
      {page.status === 'success' ? (
        <>
          <LegalDocument page={page.data} />
          {extras[slug]}
        </>
      ) : page.status === 'loading' ? (
        <Spinner label="Loading page" />
      ) : (
        <ErrorState message={errorText(page.error)} onRetry={page.retry} />
      )}
    </Page>
  );
}
