import { useCallback, useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import styled from 'styled-components';
import { tokenRefreshDelayMs } from '#shared/rules/checkout';
import { loadCheckoutOptions, loadCryptoLink } from '../../features/checkout/api';
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen';
import { PurchaseDetails } from '../../features/checkout/components/purchase-details';
import { useOrder } from '../../features/checkout/hooks/use-order';
import { loadPurchaseOptions } from '../../features/plans/api';
import { PlanPicker } from '../../features/plans/components/plan-picker';
import { Button, ButtonAnchor } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import { isNotFound } from '../../lib/errors';
import { useMe, useRefreshAccount } from '../../lib/member';
import { paths } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { useSession } from '../../lib/session';
import { useOpenSignIn } from '../../lib/sign-in-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { Page } from '../layouts/page';

/**
 * The buying pages need a member (product-rules.md §6): a guest is asked to sign in and stays on the
 * page, which shows itself once they have.
 */
function MembersOnly({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const open = useOpenSignIn();
  const openSignIn = useCallback(() => {
    open('checkout');
  }, [open]);
  const isGuest = session.status === 'guest';
  useEffect(() => {
    if (isGuest) openSignIn();
  }, [isGuest, openSignIn]);
  if (session.status === 'restoring') return <Spinner label="Loading" />;
  if (isGuest) {
    return (
      <EmptyState title="Sign in to continue">
        <Button
          $variant="primary"
          onClick={() => {
            openSignIn();
          }}
        >
          Sign In
        </Button>
      </EmptyState>
    );
  }
  return children;
}

function Checkout() {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const planId = query.get('plan_id');
  const offerId = query.get('o_id');
  const coupon = query.get('coupon') ?? '';
  const me = useMe();
  const options = useQuery(`checkout-options:${offerId ?? ''}`, (signal) =>
    loadCheckoutOptions(api, offerId, signal),
  );
  if (options.status === 'loading') return <Spinner label="Loading the checkout" />;
  if (options.status === 'error') {
    return isNotFound(options.error) || options.error.code === 'offer_not_found' ? (
      <EmptyState title="This offer has ended">
        <Link href={paths.subscribe.build()}>See the plans</Link>
      </EmptyState>
    ) : (
      <ErrorState onRetry={options.retry} />
    );
  }
  const all = [...options.data.options.monthly, ...options.data.options.annual];
  const plan = all.find((p) => p.planId === (planId ?? options.data.defaultPlanId));
  if (plan === undefined) {
    return (
      <EmptyState title="This plan is not available">
        <Link href={paths.subscribe.build()}>See the plans</Link>
      </EmptyState>
    );
  }
  return (
    <CheckoutScreen
      options={options.data}
      plan={plan}
      initialCoupon={coupon}
      memberEmail={me?.email ?? null}
      onPlanChange={(next) => {
        navigate(paths.checkout.build({ planId: next, offerId: offerId ?? undefined, coupon }), {
          replace: true,
        });
      }}
    />
  );
}

/** /checkout?plan_id&o_id&coupon */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  return (
    <Page>
      <Column>
        <Heading>Checkout</Heading>
        <MembersOnly>
          <Checkout />
        </MembersOnly>
      </Column>
    </Page>
  );
}

function Success() {
  const orderId = new URLSearchParams(useSearch()).get('order_id') ?? '';
  const order = useOrder(orderId);
  const refreshAccount = useRefreshAccount();
  // The new tier applies once the session is refreshed (product-rules.md §4, §9: after 5 s).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void refreshAccount();
    }, tokenRefreshDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [refreshAccount]);
  if (order.status === 'loading') return <Spinner label="Loading your order" />;
  if (order.status === 'error') {
    return isNotFound(order.error) ? (
      <EmptyState title="This order was not found">
        <Link href={paths.subscribe.build()}>See the plans</Link>
      </EmptyState>
    ) : (
      <ErrorState onRetry={order.retry} />
    );
  }
  return <PurchaseDetails order={order.data} />;
}

/** /checkout/success?order_id */
export function CheckoutSuccessPage() {
  useDocumentTitle('Thank you for your purchase!');
  return (
    <Page>
      <MembersOnly>
        <Success />
      </MembersOnly>
    </Page>
  );
}

function CryptoLink({ planId }: { planId: string }) {
  const { api } = useServices();
  const link = useQuery(`crypto-link:${planId}`, (signal) => loadCryptoLink(api, planId, signal));
  if (link.status === 'loading') return <Spinner label="Preparing the payment link" />;
  if (link.status === 'error') return <ErrorState onRetry={link.retry} />;
  return (
    <ButtonAnchor $variant="primary" href={link.data}>
      Pay with cryptocurrency
    </ButtonAnchor>
  );
}

/** The plans to pay for with cryptocurrency; choosing one asks the provider's link. */
function CryptoPlans() {
  const { api } = useServices();
  const [, navigate] = useLocation();
  const options = useQuery('purchase-options:standard', (signal) =>
    loadPurchaseOptions(api, undefined, signal),
  );
  if (options.status === 'loading') return <Spinner label="Loading plans" />;
  if (options.status === 'error') return <ErrorState onRetry={options.retry} />;
  return (
    <PlanPicker
      options={options.data}
      onChoose={(plan) => {
        navigate(paths.subscribeCrypto.build(plan.planId));
      }}
    />
  );
}

/** /subscribe-crypto?plan_id: the cryptocurrency provider's link for a plan. */
export function SubscribeCryptoPage() {
  useDocumentTitle('Pay with cryptocurrency');
  const planId = new URLSearchParams(useSearch()).get('plan_id');
  return (
    <Page>
      <Column>
        <Heading>Pay with cryptocurrency</Heading>
        <MembersOnly>
          {planId === null ? (
            <CryptoPlans />
          ) : (
            <div>
              <CryptoLink planId={planId} />
            </div>
          )}
        </MembersOnly>
      </Column>
    </Page>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
`;
