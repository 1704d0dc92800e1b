import { Link } from 'wouter';
import styled from 'styled-components';
import { BillingPeriodSchema } from '#shared/schemas/billing';
import { loadPlans } from '../../features/plans/api';
import { PlanComparisonTable } from '../../features/plans/components/plan-comparison-table';
import { EmptyState, ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { useServices } from '../../lib/services';
import { Page } from '../layouts/page';
import { NotFoundPage } from './not-found';

/** /plan-comparison/{frequency}: the plans of one billing frequency, feature by feature. */
export function PlanComparisonPage({ frequency }: { frequency: string }) {
  const period = BillingPeriodSchema.safeParse(frequency);
  useDocumentTitle('Compare Plans');
  const { api } = useServices();
  const plans = useQuery(`plans:${frequency}`, (signal) =>
    period.success ? loadPlans(api, period.data, signal) : Promise.resolve([]),
  );
  if (!period.success) return <NotFoundPage />;
  return (
    <Page>
      <Column>
        <h1>Compare Plans</h1>
        <nav aria-label="Billing period">
          <Links>
            <Link
              href={paths.planComparison.build('annual')}
              aria-current={period.data === 'annual' ? 'page' : undefined}
            >
              Annually
            </Link>
            <Link
              href={paths.planComparison.build('monthly')}
              aria-current={period.data === 'monthly' ? 'page' : undefined}
            >
              Monthly
            </Link>
            <Link href={paths.subscribe.build()}>Back to plans</Link>
          </Links>
        </nav>
        {plans.status === 'loading' && <Spinner label="Loading plans" />}
        {plans.status === 'error' && <ErrorState onRetry={plans.retry} />}
        {plans.status === 'success' &&
          (plans.data.length === 0 ? (
            <EmptyState title="No plans are on offer right now" />
          ) : (
            <PlanComparisonTable plans={plans.data} />
          ))}
      </Column>
    </Page>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};

  a[aria-current='page'] {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;
