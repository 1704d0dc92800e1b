import { Link, useLocation } from 'wouter';
import styled from 'styled-components';
import type { Plan } from '#shared/schemas/billing';
import { loadPurchaseOptions } from '../../features/plans/api';
import { Faq } from '../../features/plans/components/faq';
import { PlanPicker } from '../../features/plans/components/plan-picker';
import { EmptyState, ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { useServices } from '../../lib/services';
import { Page } from '../layouts/page';

/** The sale's offer id in the operator's configuration (content/commerce.json). */
const saleOfferId = 'sale';

function OfferPage({ offerId, title }: { offerId: string | undefined; title: string }) {
  useDocumentTitle(title);
  const { api } = useServices();
  const [, navigate] = useLocation();
  const options = useQuery(`purchase-options:${offerId ?? 'standard'}`, (signal) =>
    loadPurchaseOptions(api, offerId, signal),
  );
  // A guest goes to the plan's checkout too: it asks them to sign in and stays on that plan.
  const choose = (plan: Plan) => {
    navigate(paths.checkout.build({ planId: plan.planId, offerId: plan.offerId }));
  };
  return (
    <Page>
      <Column>
        <Heading>{title}</Heading>
        {options.status === 'loading' && <Spinner label="Loading plans" />}
        {options.status === 'error' &&
          (options.error.code === 'offer_not_found' ? (
            // A sale that ended (or was never on): nothing to retry, the standing plans instead.
            <EmptyState title="No plans are on offer right now" text={errorText(options.error)}>
              {offerId !== undefined && <Link href={paths.subscribe.build()}>See Plans</Link>}
            </EmptyState>
          ) : (
            <ErrorState onRetry={options.retry} />
          ))}
        {options.status === 'success' &&
          (options.data.options.monthly.length + options.data.options.annual.length === 0 ? (
            <EmptyState title="No plans are on offer right now" />
          ) : (
            <>
              {options.data.endsAt !== null && (
                <Ends>
                  Offer ends{' '}
                  <time dateTime={options.data.endsAt}>
                    {new Date(options.data.endsAt).toLocaleString(undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                </Ends>
              )}
              <PlanPicker options={options.data} onChoose={choose} />
              <p>
                Other ways to pay:{' '}
                <Link href={paths.subscribeCrypto.build()}>Pay with cryptocurrency</Link>
              </p>
            </>
          ))}
        <Faq />
      </Column>
    </Page>
  );
}

/** /subscribe: the standard offer's plans, the FAQ and Compare Plans. */
export function SubscribePage() {
  return <OfferPage offerId={undefined} title="Plans" />;
}

/** /sale: the sale offer's plans. */
export function SalePage() {
  return <OfferPage offerId={saleOfferId} title="Sale" />;
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
`;

const Ends = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
