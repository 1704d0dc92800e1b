import styled from 'styled-components';
import { loadPurchaseOptions } from '../../features/plans/api';
import { PlanList } from '../../features/plans/components/plan-list';
import { ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { useServices } from '../../lib/services';
import { Page } from '../layouts/page';

/** /subscribe: the plans of the standard offer. */
export function SubscribePage() {
  useDocumentTitle('Plans');
  const { api } = useServices();
  const options = useQuery('purchase-options', (signal) =>
    loadPurchaseOptions(api, undefined, signal),
  );
  return (
    <Page>
      <Heading>Plans</Heading>
      {options.status === 'success' && (
        <PlanList plans={[...options.data.options.monthly, ...options.data.options.annual]} />
      )}
      {options.status === 'loading' && <Spinner label="Loading plans" />}
      {options.status === 'error' && <ErrorState onRetry={options.retry} />}
    </Page>
  );
}

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
`;
