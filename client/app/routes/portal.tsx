/**
 * The member's side after buying (product-rules.md §2): /portal, /manage-subscription and the
 * pledge-service link flow /link/{service}[/{transientId}]. Pages compose features/portal.
 */
import { useCallback, useState } from 'react';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import styled from 'styled-components';
import type { Subscription } from '#shared/schemas/billing';
import { ButtonAnchor } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/state-panel';
import { Spinner } from '../../components/spinner';
import { loadSubscription } from '../../features/portal/api';
import {
  isPledgeService,
  LinkFinish,
  LinkStart,
  serviceNames,
} from '../../features/portal/components/link-flow';
import { PortalView } from '../../features/portal/components/portal-view';
import { platformNames } from '../../features/portal/platforms';
import { useMe, useMemberChanged } from '../../lib/member';
import { paths } from '../../lib/paths';
import { useServices } from '../../lib/services';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useQuery } from '../../lib/use-query';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { NotFoundPage } from './not-found';

/** /portal: the member's card subscription and its actions. */
export function PortalPage() {
  useDocumentTitle('Subscription');
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <Heading>Subscription</Heading>
        <PortalContent />
      </Page>
    </RequirePermission>
  );
}

function PortalContent() {
  const { api, session } = useServices();
  const me = useMe();
  const memberChanged = useMemberChanged();
  const [version, setVersion] = useState(0);
  // The last answer stays on screen while an action's reload runs, so nothing jumps or is lost.
  const [shown, setShown] = useState<{ data: Subscription | null } | null>(null);
  const result = useQuery(`portal:${String(version)}`, async (signal) => {
    const data = await loadSubscription(api, signal);
    setShown({ data });
    return data;
  });
  const onChanged = useCallback(() => {
    setVersion((n) => n + 1);
    // The role follows the subscription: a new token carries it, and /api/me tells everyone else.
    void session.refresh().then(() => {
      memberChanged();
    });
  }, [session, memberChanged]);

  if (shown === null) {
    if (result.status === 'error') return <ErrorState onRetry={result.retry} />;
    return <Spinner label="Loading your subscription" />;
  }
  const platform = me?.subscription?.platform;
  if (shown.data === null && platform !== undefined && platform !== 'card') {
    // Bought elsewhere: managed there (product-rules.md §6).
    return <Redirect to={paths.manageSubscription.build()} replace />;
  }
  if (shown.data === null) {
    return (
      <EmptyState title="You have no subscription">
        <p>Choose a plan to skip the line and unlock more.</p>
        <Link href={paths.subscribe.build()} asChild>
          <ButtonAnchor $variant="primary">Choose Plan</ButtonAnchor>
        </Link>
      </EmptyState>
    );
  }
  return (
    <PortalView
      subscription={shown.data}
      reactivatePath={paths.checkout.build({ planId: shown.data.currentProduct.planId })}
      onChanged={onChanged}
    />
  );
}

/**
 * /manage-subscription: a card subscription goes to the portal, an in-app one is managed in the app, a
 * pledge at the service's page; without a subscription, the plans.
 */
export function ManageSubscriptionPage() {
  useDocumentTitle('Manage Subscription');
  return (
    <RequirePermission permission="view_auth">
      <ManageSubscription />
    </RequirePermission>
  );
}

function ManageSubscription() {
  const me = useMe();
  if (me === null) {
    return (
      <Page>
        <Spinner label="Loading" />
      </Page>
    );
  }
  const platform = me.subscription?.platform;
  if (platform === undefined) return <Redirect to={paths.subscribe.build()} replace />;
  if (platform === 'card') return <Redirect to={paths.portal.build()} replace />;
  const page = me.subscription?.manageUrl ?? null;
  const recurAt = me.subscription?.recurAt;
  if (platform === 'prize') {
    const ends =
      recurAt === undefined
        ? ''
        : ` It ends on ${new Date(recurAt).toLocaleDateString('en-US', { dateStyle: 'long' })}.`;
    return (
      <Page>
        <Heading>Manage Subscription</Heading>
        <Text>
          Your plan is a free month won on the creators leaderboard; nothing is charged.{ends}
        </Text>
      </Page>
    );
  }
  return (
    <Page>
      <Heading>Manage Subscription</Heading>
      <Text>Your subscription was bought through {platformNames[platform]}. Manage it there.</Text>
      {page !== null && (
        <ButtonAnchor $variant="primary" href={page} target="_blank" rel="noopener noreferrer">
          Open {platformNames[platform]}
        </ButtonAnchor>
      )}
    </Page>
  );
}

/** /link/{service}[/{transientId}]: linking a pledge-service account. */
export function LinkPage({ service, transientId }: { service: string; transientId?: string }) {
  useDocumentTitle('Link account');
  if (!isPledgeService(service)) return <NotFoundPage />;
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <Heading>Link your {serviceNames[service]} account</Heading>
        <Column>
          <LinkContent service={service} transientId={transientId} />
        </Column>
      </Page>
    </RequirePermission>
  );
}

function LinkContent({
  service,
  transientId,
}: {
  service: 'subscribestar';
  transientId: string | undefined;
}) {
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const returnUrl = `${window.location.origin}${paths.link.build(service)}`;
  const code = search.get('code');
  const state = search.get('state');
  const restart = () => {
    navigate(paths.link.build(service), { replace: true });
  };
  if (transientId !== undefined) {
    return (
      <LinkFinish
        service={service}
        input={{ kind: 'transient', transientId }}
        onRestart={restart}
      />
    );
  }
  if (code !== null && state !== null) {
    return (
      <LinkFinish
        service={service}
        input={{ kind: 'code', code, state, redirectUrl: returnUrl }}
        onRestart={restart}
      />
    );
  }
  return <LinkStart service={service} returnUrl={returnUrl} />;
}

const Heading = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
`;

const Text = styled.p`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  max-width: 640px;
`;
