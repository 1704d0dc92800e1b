import { useSearchParams } from 'wouter';
import { UnsubscribeConfirm } from '../../features/email-notifications/components/unsubscribe-confirm';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

/** /unsubscribe?token=…: a mail's unsubscribe link, which works signed out. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  useDocumentTitle('Unsubscribe');
  return (
    <Page>
      <UnsubscribeConfirm token={params.get('token') ?? ''} />
    </Page>
  );
}
